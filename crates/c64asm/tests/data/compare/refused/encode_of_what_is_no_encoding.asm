; 64tass: -a
; `.encode` given what is no encoding is "wrong type '...', expected
; 'enc'" at the value, and a new encoding is opened all the same: the
; label names it, and its characters are its own (the `b` after `.enc
; scr` can't be encoded, and the `.cdef` doesn't change the one around).
        * = $1001
scr     .encode 1
        .cdef "aa", $01
        .endencode
        .enc scr
        .text "a", "b"
        .encode "none"
        .endencode
        .encode 1.5
        .endencode
        .encode (1, 2)
        .endencode
        .enc "none"
        .text "a"
