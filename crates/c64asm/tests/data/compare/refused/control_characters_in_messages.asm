; 64tass: -a
; A control character in a message (of a value's text, or one the encoding
; lacks) is written as its code, `<03>`, `<86>`, but the tab; an apostrophe
; that can't be encoded is quoted with `"`.
        * = $1000
        .text repr(int(format("%c", 3)))
        .text repr(int(format("%c", $86)))
        .byte format("ab%cc", $86)
        .byte format("ab%cc", 9)
        .text "y#@['#A^B&"
