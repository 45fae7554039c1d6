; 64tass: -a
; errors in 64tass's order, with -Wpitfalls notes
; An instruction's text operand with a character the encoding can't hold
; is reported at the character, and then, as 64tass goes on with a `?` in
; its place, checked as the text it is: two characters are too large for
; an immediate (c64kit stopped at the character). The character is
; reported once per encoding and pass; the size every time.
        * = $1000
        lda #"a_"
        lda #"_"
        ldx #"_b"
        lda #("a_")
        cmp #"x_y"
        lda "_",x
        .enc "screen"
        cpy #"{{"
