; 64tass: -a -C | -a
; user-defined encodings: .enc, .cdef, .tdef, .edef, .encode
* = $2000
        .enc "ascii"
        .cdef " ~", 32
        .edef "{cr}", 13, "{crlf}", [13, 10]
        .text "Hello{crlf}World{cr}"
        lda #"A"
        .enc "mixed"
        .cdef "az", 1
        .cdef "AZ", $41
        .cdef "09", $30
        .cdef "  ", $20
        .text "abc XYZ 019"
        .tdef "!?.", $5b
        .tdef ",;", [$70, $71]
        .text "a!b?c.d,e;"
        .enc "none"
        .text "none again"
vt100   .encode
        .cdef " ~", 32
        .edef "{esc}", 27
        .edef "{bold}", [27, "[", "1", "m"]
        .endencode
        .encode vt100
        .text "{bold}bold{esc}"
        lda #"{esc}"
        .endencode
        .text "outside"
        .byte vt100("{esc}")
        .text vt100("x{esc}y")
        .enc vt100
        .text "{bold}!"
        .enc "none"
        .encode
        .enc "local"
        .cdef "AZ", 1
        .text "LOCAL"
        .endencode
        .text "after"
