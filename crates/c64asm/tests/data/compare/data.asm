; .byte/.word/.fill/.binary/.include and gaps between * = regions
* = $4000
        .byte 0, 1, $7f, $80, $ff
        .word 0, $1234, $ffff, label
        .fill 4, $ea
        .fill 3
        .byte 1
label   .fill 2, 0
        .binary "inc/blob.bin"
        .binary "inc/blob.bin", 2
        .binary "inc/blob.bin", 1, 3
        .include "inc/part.asm"
* = $4100
        .byte $aa
* = $4080
        .byte $bb
* = * + 4
        .byte $cc
        .char -1, 127, -128
        .addr label
