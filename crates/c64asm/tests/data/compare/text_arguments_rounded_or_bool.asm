; 64tass: -Wall | -Wfloat-round | -Wstrict-bool
; A text directive's argument that is a float with a fraction, or holds one
; (`.text [1.5, 2]`), is rounded with -Wfloat-round's warning once per
; argument, and a bool taken as a byte gives -Wstrict-bool's, at the
; argument; so does `.edef`'s value (c64kit wrote the same bytes without a
; word; found by tools/asm-mutation-compare).
        * = $1000
        .text 1.5
        .text [1.5, 2]
        .null [1.5]
        .shift [1.5]
        .ptext (1.5, 2.5)
        .text 2.0
        .text "a", 1.5, 3.5
        .text [[1.5]]
        .text true
        .enc "x"
        .cdef "az", 1
        .edef "{x}", [1, 1.5]
        .edef "{y}", 2.5
        .text "ab{x}z{y}"
        rts
