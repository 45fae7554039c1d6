; global, cheap local and anonymous labels
* = $1000
start   ldx #0
_loop   inx
        bne _loop
        jmp _done
_done   rts
second: ldy #0
_loop   iny
        bne _loop
        jmp start
- lda #1
- lda #2
        bne -
        bne --
        beq +
        beq ++
+ nop
+ nop
        jmp -
        jmp +
+       .word -, --, +, ++
+       .word start, second, *
-       bne -
+       nop
third   = *
        .word third, -
Mixed   nop
mixed   nop
        jmp Mixed
        jmp mixed
