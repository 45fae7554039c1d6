; 64tass: -a | -a -Wall
; errors in 64tass's order, with -Wpitfalls notes
; A string or character constant that the line ends in ("'" expected) is
; read as the value none and the line goes on: a label it gives a value is
; defined, so using it later is no "not defined symbol" (nor calling it as
; a macro, `#name`, a "wrong type"). In brackets the bracket is then
; missing too, and that expression fails as in 64tass: its label stays
; undefined. Found in a W65C816 monitor's history (a constant left as `'~`).
        * = $1000
        #closing 1
closing = '~
        lda #closing
        .byte closing, 2
text    = "abc
        ldx text,y
encoded = b"text
        .word encoded + 1
hexes   = x"0102
        .fill hexes
counter := 'c
counter := counter + 1
        .byte counter
grouped = ('q)
        lda #grouped
listed  = [1, 'q]
        .byte listed[0]
