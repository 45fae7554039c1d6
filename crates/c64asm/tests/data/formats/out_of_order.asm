; Blocks written out of address order: the image formats sort them, the
; Atari and hex formats keep the writing order.
* = $2000
        .byte 1, 2, 3
* = $1000
        .byte 4, 5
* = $3000
        .word $1234
* = $0801
        .byte 6
