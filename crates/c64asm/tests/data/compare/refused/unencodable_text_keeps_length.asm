; 64tass: -a
; Text with a character the encoding can't encode keeps its length (a `?`
; each), so a range that depends on the addresses after it settles, and the
; error is the one of the last pass.
        * = $1000
        .enc "x"
        .cdef "a", "a" + (n & 3), $41
        .text "ab"
        lda zp
n       = * - $1000
zp      = $10
