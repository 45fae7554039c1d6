; 64tass: -a
; A directive given too few or too many arguments, or a value that is not a
; string where a file or an encoding name is needed, in 64tass's words: the
; counts at the directive, the types at the value; a section not defined
; and one not named.
        * = $0801
        .include 1.5
        .binary 5
        .binary true
        .enc 1.5
        .enc ""
        .include [1]
        .byte binary(5)
        .binary
lbl     .byte
        .text
        .word   ; nothing
        .fill
        .fill 1, 2, 3
        .binary "directive_arguments.asm", 1, 2, 3
        .include "a", "b"
        .enc
        .offs 1, 2
        .section nosuch
        .send
        .section
