; 64tass: -Wall | -Wno-shadow
; `(ptr, x)` with a blank before the `x`: 64tass looks the `x` up as a name
; there, so once a label `x` exists (here a loop variable, which shadows the
; register, as -Wshadow says) the operand is the tuple (ptr, x) and the
; instruction is assembled once for each element. `(ptr,x)` and `ptr,x`
; (the letter right after the comma) stay indexed.
        * = $10
ptr     .word 0
        * = $1000
        .for x := 0, x < 3, x += 1
        .byte x
        .next
        lda (ptr, x)
        lda (ptr,x)
        lda ptr,x
        sta (ptr,	x)
        ldy #0
        lda (ptr),y
