; 64tass: -a
; A constant whose value is an error (a name not defined) read ahead of its
; line: the error value of the last pass is read, the line makes the same
; error again, and the values settle with one message per name, as 64tass
; gives them (c64kit went on to "too many passes").
        * = $1000
        .byte OBST
        lda #OBST2
        rts
OBST    = UNDEF_B
OBST2   = UNDEF_C + 1
