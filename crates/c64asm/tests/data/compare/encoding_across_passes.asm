; 64tass: -a -C | -C
; Encodings are kept from pass to pass, as labels are: text ahead of the
; `.cdef`, `.tdef` and `.edef` that define its characters is encoded with what
; the last pass defined; a definition that is new, or whose value changed,
; takes another pass; a range another pass defines over part of the last
; pass's replaces it. Text a character of which can't be encoded yet keeps its
; length meanwhile (a `?` each), so the addresses after it settle.
        * = $1000
        .enc "grown"            ; "b" defined once the code has shrunk
        .text "abc"
        lda zp
        .if * == $1005
        .cdef "bb", $42
        .fi
        .cdef "aa", $41
        .cdef "cc", $43
        .text "abc"

        .enc "early"
        .text "hello{x}"        ; every definition below this line
        .cdef "az", $41
        .edef "{x}", [1, 2]
        .tdef "!?", [33, 63]
        .text "ok!?{x}"

        .enc "late"             ; a byte from a label further down
        .cdef "az", first
        .text "ab"

        .enc "moved"            ; "a" to "b" in pass 1, "a" to "c" later
        .cdef "a", "a" + (size & 3), $61
        .text "abc"
first   = * & $ff
size    = * - $1000 - 24
zp      = $10
