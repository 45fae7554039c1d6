; 64tass: -a | -a -C -Wall | -a -Wno-wrap-addr -Wno-wrap-dpage | -a -Wno-wrap-pbank
; A label plus an offset beyond the address space (or beyond the direct page
; where a direct page address is made) wraps around, and 64tass warns:
; -Wwrap-addr where its address is taken as a number, -Wwrap-dpage for a
; direct page operand, -Wwrap-pbank for a jmp or jsr target. An indexed or
; indirect operand is sized by the label's own address: a direct page label
; plus an offset stays on the direct page.
        * = $f0
zp      .fill 4
        * = $fff0
top     .fill 8
        * = $1000
        lda zp+$20,x                    ; zp,x $10 (the label is on the direct page)
        ldx zp+$20,y
        sta (zp+$20),y
        lda zp+$20                      ; absolute $0110: the sum decides
        lda top+$20                     ; $10010 wraps to the direct page
        lda top+$20,x                   ; absolute: the label decides
        lda top-$fff1                   ; -1 wraps to $ffff
        jmp top+$20
        jsr top+$30
        .word top+$20, top+4
        .byte <(top+$20), >(top+$20)    ; a byte of it: silent
        ldx #<(top+$20)
        .byte top+$20 > 0
        .word (top + $40) - 8
        .byte zp+$20 > 0                ; no wrap: $0110
