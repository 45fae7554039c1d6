; 64tass: -a | -a -C -Wall | | -Wall
; Text lines and fills of literals (read straight from their text in pass 1)
; in the built-in encodings, with and without --ascii, beside the lines
; that are parsed: escapes, doubled quotes, empty strings, expressions.
* = $1000
        .text "block 0"
        .text 'Mixed Case 9 @ [] $%&*+-=<>?/:.'
        .text "a;b", 13 ; a comment after
        .text "ab" , 13,"cd",$0d, %1010 ,0
        .text "x",$ff,255,$f, 7
        .null "zero terminated", 1, 2
        .ptext "pascal", 32, "string"
        .shift "shifted 123"
        .shiftl "left", 32, 1
        .text "it""s", 'q''q'
        .text "", "after empty"
        .text "abc" x 2, "de" .. "f"
        .text 300 & $ff, $1234, $0ff, 1.0
        .fill 6, 0
        .fill $10, $ea
        .fill 3, %101
        .fill 2 , $ff ; a comment
        .fill 4
        .fill 0, 1
        .enc "screen"
        .text "screen @abc ABC []"
        .ptext "screen"
        .shiftl "sc"
        .enc "mine"
        .cdef "az", 1
        .text "mine"
        .enc "none"
        .text "none again"
        .eor $ff
        .text "eor"
        .fill 2, 1
        .eor 0
        .text "done", 0
