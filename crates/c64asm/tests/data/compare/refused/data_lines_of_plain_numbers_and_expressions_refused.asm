; 64tass: -a | -Wall | -a -Wall
; Data lines with plain numbers in front of values that fail: reported
; value by value, in order, as 64tass does.
* = $1000
        .byte 1, 2, -1, 3
        .byte 1, 300, <late
        .byte 1, 2, 1 / 0, 3
        .byte 1, 2, missing, 3
        .byte 1, 2, , 3
        .byte 1, 2,
        .byte 1, 2, "long text"
        .word 1, 2, $12345
        .char 1, 2, 200
late    rts
* = $fffe
        .byte 1, 2, <late, 4
