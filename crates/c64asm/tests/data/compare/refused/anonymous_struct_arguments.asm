; 64tass: -a
; An anonymous `.struct` or `.union` takes no parameters (a named one does):
; the text after it is "extra characters on line", and the block is still
; opened, so its closing directive matches.
        * = $1000
        .union 1
        .byte 1
        .word 2
        .endu
        .struct 1, 2
        .byte 3
        .ends
        .union ; a comment is no argument
        .byte 4
        .endu
