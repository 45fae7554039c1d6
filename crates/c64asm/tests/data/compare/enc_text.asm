; 64tass: -a -C | -a | -C |
; text directives and the built-in encodings, with and without --ascii
* = $1000
        .text "Hello, World! 0123 @[]"
        .text 'it''s', "say ""hi"""
        .null "null terminated"
        .ptext "pascal"
        .shift "shifted"
        .shiftl "left"
        .text 13, 10, $0d0a
        .text %00011111, $1234
        .byte "A", "z", 'q'
        lda #"a"
        cmp #'Z'
        .enc "screen"
        .text "screen codes @ABCabc[]"
        lda #"a"
        .null "abc"
        .enc "none"
        .text "back to none"
s1      = "a string constant"
        .text s1, s1[2:8], s1[::-1]
        .text "ab" x 3, "x" .. "y"
        .text b"bytes", n"null", p"pas", s"shf", l"shl"
        .text x"00ff10", x"de ad be ef"
        .byte len("four"), len(s1)
