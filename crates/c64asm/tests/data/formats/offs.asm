; `.offs` moves the compile offset away from the program counter; a later
; `* =` keeps the distance in the CBM formats, while 64tass's 4 GiB formats
; take the value itself as the offset; Program::output refuses them.
; refused by the 4 GiB formats
* = $1000
        .offs $100
        .byte 1
* = $2000
        .byte 2
