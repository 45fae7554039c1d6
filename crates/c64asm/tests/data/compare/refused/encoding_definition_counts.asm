; 64tass: -a
; `.cdef`, `.tdef` and `.edef` with an argument missing: "expected at least"
; the count that completes the group, at the directive. `.tdef` pairs its
; characters and bytes as far as both go, and lists of other lengths are an
; error at the characters.
        * = $1000
        .enc "mine"
        .cdef "ab", 1, "cd"
        .cdef "a", "b"
        .cdef 97, 98
        .cdef "ef", 1, 97, 98
        .edef "{x}", 1, "{y}"
        .tdef "gh", 7, "!"
        .tdef "!", [33, 63]
        .tdef "ij", [1]
        .text "!ij"
