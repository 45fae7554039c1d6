; `.logical` moves the program counter, not the compile offset: the bytes
; stay where the offset is, also after `* =` inside the block.
* = $1000
        .byte 1
        .logical $c000
        .byte 2
* = $c010
        .byte 3
        .here
        .byte 4
* = $2000
        .byte 5
