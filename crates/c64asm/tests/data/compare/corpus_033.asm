; 64tass: -a | -a -C
; Regression from a public 64tass project: label on if line.
        * = $1000
        nop
lab     .if 1
        nop
        .endif
        rts
