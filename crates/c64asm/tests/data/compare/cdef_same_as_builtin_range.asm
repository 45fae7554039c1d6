; 64tass: -a | -a -C
; The built-in encodings' tables are ranges of characters mapped onto
; consecutive bytes, defined in every pass. A `.cdef`/`.tdef` of exactly
; one of those ranges onto the same bytes is the same definition again and
; no collision; any other overlap is "double defined range" (see
; refused/). A table of glyphs written out in full under `none` or
; `screen` therefore assembles where it repeats the built-in mapping.
* = $1000
        .cdef "AZ", $c1         ; the upper case letters' range, whole
        .cdef " @", $20
        .cdef "az", $41
        .tdef "♠🭲", $c1        ; two ranges of one character each
        .tdef "π", $ff
        .tdef "🭽🭾", $cf        ; characters the table keeps apart
        .text "AZ az ♠🭲π🭽🭾"
        .enc "screen"
        .cdef "AZ", $41
        .tdef "♠", $41
        .cdef $c0, $ff, $40     ; characters the table does not hold
        .text "AZ az ♠"
        .enc "none"
        .text "AZ"
