; 64tass: -a -Waltmode | -a -t -Waltmode | -a -Wno-wrap-dpage -Wno-wrap-pbank | -a --m65ce02 -Wno-wrap-addr -Wno-wrap-bank0
; Operand addresses that wrap (memory, direct page, bank 0, program bank),
; each warning on and off, and -Waltmode's other addressing mode.
* = $10
l       nop
        lda l-$20
        lda l+$fff0
        lda l+$fff0,x
        lda (l+$fff0),y
        jmp (l+$fff0)
        jmp l+$fff0
        jsr l+$fff0
        lda $12,y
        ldx $12,y
        ldy $12,x
        rts
