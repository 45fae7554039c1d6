; 64tass: -a | -Wall | -a -C -Wall
; Data lines whose plain numbers in front are read from their text and
; whose other values are parsed (in every pass: `late` moves once).
* = $1000
        .byte 149, 191, 158, (99 + 1) & $ff, <late, >late
tab     .byte 1, 2,<tab, 3, $ff
        .byte $12, %0101, 7 ,tab - tab + 1 ; a comment
        .byte 1, 2, <*, ~$0f & $ff
        .byte 1, 2, ?, 4
        .byte 0, 9, [1, 2], (3, 4)
        .byte 1, 2, "a", 'c'
        .char 1, 2, -3, -128
        .word 1, 2, late + 1, $1234
        .sint 1, -2, 3
        .long 1, $123456, late * 2
        .dword 7, 8, late << 8
        .addr 1, 2, late
        .rta 1, 2, late
        .byte 1,2,(3)
        .byte 1, 2 , 3 * 4 , 5
        .if late > $1000
        nop
        .endif
late    rts
