; 64tass: -a
; errors in 64tass's order, with -Wpitfalls notes
; A splat (`*list`) is only a list element's whole value. Anywhere else
; ("expression syntax": under another operator, followed by one, as a
; branch of `?:`, before an index register) 64tass goes on with the value
; none, like after a string left open: the label given it is defined, and
; using it later is no "not defined symbol".
        * = $1000
pair    = [3, 4]
        .byte *pair, 5
summed  = 1 +* pair
        lda #summed
added   = *pair + 1
        ldx added
chosen  = 1 ? *pair : 2
        .word chosen
        ldy *pair,x
