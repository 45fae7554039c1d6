; 64tass: -a
; An `.edef` escape's bytes, as 64tass 1.58 makes them: a list, tuple or
; number is taken element by element as 8-bit values, so a gap `?` is "can't
; get integer value of gap", and a value out of range its own error. Each
; failing element is a 0 byte and the escape is still defined: the `.text`
; below has no "can't encode" for them.
        * = $3000
        .enc "game"
        .cdef "az", 1
        .edef "<gap>", ?
        .edef "<big>", 300
        .edef "<some>", [1, 256, 3]
        .edef "<neg>", -1
        .edef "<pair>", (2, ?)
        .edef "<ok>", [4, 5]
        .text "<gap><big><some><neg><pair><ok>az"
        .text "<"
