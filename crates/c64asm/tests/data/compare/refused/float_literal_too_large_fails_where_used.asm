; 64tass: -a | -a -Wno-pitfalls
; errors in 64tass's order, with -Wpitfalls notes
; A float literal beyond a double (`1e400`) is an error value, not an error
; of the line: it is reported where it is used, the line's other values go
; on, and a constant given it that nothing reads says nothing, as 64tass
; does (c64kit stopped the line at the literal, so `.byte 300, 2.0 ** -1e400`
; lost its other errors and an unused `x = 1e400` was an error).
        * = $1000
        .byte 300, 2.0 ** -1e400
        .byte 1e400, 300
        .byte 1e400 * 0, 300
        lda #1e400
        unused = 1e400
        .text "a", 1e400, $1p99999
        .if 1e400
        .endif
        used = 1e400 + 1
        .word used, -1, 2
