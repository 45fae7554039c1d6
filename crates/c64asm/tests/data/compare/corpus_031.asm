; 64tass: -a | -a -C
; Regression from a public 64tass project: gxx skip forms.
        * = $1000
        gpl t           ; to the next instruction: nothing
t       nop
        geq u           ; over a 1-byte instruction: just "d0"
        nop
u       nop
        gcs v           ; over a 2-byte instruction: normal "b0 02"
        lda #1
v       nop
        gpl w           ; over 1 byte again: just "30"
        iny
w       nop
        rts
