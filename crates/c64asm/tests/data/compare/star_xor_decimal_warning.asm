; 64tass: -a -Wall | -a -Wdeprecated | -a
; `*^x` is the program counter xor x, but 64tass first reads the `*` as a
; splat and the `^` after it as the old decimal-string operator, which
; warns (-Wdeprecated) at the `^` before both are read again; c64kit gave
; no warning.
*       = $1000
        .word *^1, * ^ $ff
        .byte <*^$10
        .word *+^1
x       = *^0
