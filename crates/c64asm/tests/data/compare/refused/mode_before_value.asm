; 64tass: -a
; 64tass picks the addressing mode, and checks a size forced with `@b`,
; `@w` or `@l`, before it uses the operand's value: where the instruction
; has no mode for the operand's shape or size, that is the error, not the
; value's (an undefined name, a division by zero); `jmp @label` reads `@l`
; as the long size.
        * = $1000
        nop nop
        inx undefined
        inx 1/0
        rts (2/0),y
label   nop
        jmp @label
        lda @bundefined2,y
        lda undefined3
        ldx (undefined4),y
        inx
