; `.dsection` after bytes of the same block: 64tass lists the section before
; that block (it is closed only after), which decides the order in the Atari
; and hex formats. An empty section leaves the block whole.
* = $1000
        .byte 1
        .dsection first
        .byte 2
* = $1010
        .byte 3
        .dsection empty
        .byte 4
* = $2000
        .section first
        .byte $f1, $f2
        .send first
        .section empty
        .send empty
