; 64tass: -a
; The arguments of `.cdef`, `.tdef` and `.edef` are read with no encoding in
; effect, and a prefixed string literal there is made as 64tass makes it: one
; character is its code point; more is "more than a single character" at the
; quote (after the prefix), once: what uses the value defines nothing and says
; no more, and the line's other arguments go on (`q` and `AZ` are defined); an
; empty `b""`, `s""` or `l""` is no bytes, an empty `n""` or `p""` (which add
; one) is "empty string not allowed".
        * = $4000
        .enc "game"
        .cdef "xx", 1
        .tdef b"ij", 9
        .tdef b"", 9
        .cdef b"kl", 3, 4, "AZ", 65
        .tdef n"ij", 9
        .tdef ("q", b"rs"), 9
        .tdef p"", 5
        .tdef n"", 5
        .tdef s"", 5, l"", 6
        .edef "{y}", b"ab"
        .cdef b"a", b"h", 2
        .edef "{z}", b"a"
        .text "x{z}ah"
        .text "qAZ"
