; 64tass: -a | | -a -Wall
; Text lines of literals whose directive's checks fail: a zero byte in
; `.null`, a high bit in
; `.shift`, a number that is no byte, a `.ptext` too long, a character
; --ascii's `none` lacks (`{` alone too), a wrap.
* = $1000
        .null "ab", 0
        .null "ab", 1, "cd"
        .shift "ABC"
        .shift "abc", 128
        .shiftl "abc", $80
        .text "ab", 256
        .fill 4, 256
        .enc "screen"
        .shift "abc"
        .enc "none"
        .ptext "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678"
        .text "ok"
        .text '^_`|~\'
        .fill 1, 0, 1
        .text "{", "}"
* = $fffc
        .text "wrap around"
        .fill 8, 1
