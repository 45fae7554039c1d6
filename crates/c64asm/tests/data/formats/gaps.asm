; Uninitialized memory: skipped with `* = * + n`, `.fill n` and `.fill n, ?`.
; The image formats fill gaps with zeros, nonlinear and the hex formats
; skip them.
* = $1000
        .byte 1, 2
* = * + 3
        .byte 3
        .fill 5, ?
        .byte 4
        .fill 2
        .byte 5, 6
        .fill 40, ?
        .byte 7
