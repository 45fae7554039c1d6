; 64tass: -a | -a -Wall
; A colon list (64tass's `:` operator, any expression) has no integer value:
; a data directive refuses it where it converts it, "can't get integer value
; of colonlist", at the colon list's first element (the `:` of one whose
; first is left out), at the `[` of a list holding one, at the name that
; holds one; `len()` has no length for it. c64kit read `x = 2:3` as "an
; operator is expected" and held two elements only.
        * = $1000
pair    = 2:3
        .byte pair, 1:2, 1:2:3
        .word :4, 5:
        .byte [1:2], [3, 4:5]
        .text 1:"a"
        .fill 2, 1:2
        .byte len(1:2), len(pair)
        .byte (1 ? 2 : 3 : 4), 1:0 ? 2 : 3
        rts
