; 64tass: -a -C | -a
; numeric data directives, lists, tuples and gaps
* = $0900
        .byte 0, 1, 255, $ff, %1010, "a"
        .char -128, -1, 0, 127
        .word 0, $1234, 65535, label
        .sint -32768, -1, 32767
        .addr label, $c000
        .rta label, $1000
        .long $123456, 16777215
        .lint -8388608, 8388607, -1
        .dword $12345678, 4294967295
        .dint -2147483648, 2147483647
        .byte [1, 2, 3], (4, 5), [[6, 7], 8]
        .word (label, label+2)
        .byte range(8), range(2, 10, 3)
        .byte %10000000 >> range(8)
        .byte <($400 + range(0, 200, 40)), >($400 + range(0, 200, 40))
        .byte ?, 1, ?
        .word ?, 2
        .byte 128 + 127 * sin(range(8) * pi / 4)
        .char (-3.5, 3.25, 3.125) * 1p4
        .sint (-3.5, 3.25) * 1p8
        .byte ~$0f & $ff, ~%00100000 & $ff
        .byte <~$1234, >~$1234, <-1
        .byte 3.9, 1e1, $1.8p4
label   rts
        .byte true, false, true + true
