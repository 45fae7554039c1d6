; 64tass: -a
; Text with a character the encoding can't encode keeps its length (a `?`
; each), in `.text` and in a `.fill` pattern, so a range that depends on the
; addresses after it settles, and the errors are the last pass's.
        * = $1000
        .enc "x"
        .cdef "a", "a" + (n & 3), $41
        .text "ab"
        .fill 3, "ab"
        lda zp
n       = * - $1003
        .enc "y"
        .cdef "a", "a" + (m & 3), $41
        .fill 2, "ab"
        lda zp
m       = * - $1008
zp      = $10
