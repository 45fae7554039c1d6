; Directives that move the program counter or the compile offset on their
; own: none of them makes 64tass's formats disagree, so none is refused.
* = $0801
        .word (+), 10
        .null $9e, format("%d", start)
+       .word 0
* = $1000
start   lda #0
        .align $10, $ea
        .virtual $c000
buffer  .fill 16
        .endv
        .logical $0400
        .byte 1
        .here
table   .union
        .byte 1, 2
        .word 3
        .endu
        .dsection code
* = $2000
        .section code
        .byte $c0, $de
* = $2100
        .byte $60
        .send code
        rts
