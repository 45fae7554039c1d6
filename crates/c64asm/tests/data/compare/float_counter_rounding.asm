; 64tass: -a -Wfloat-round | -a -Wall
; The program counter set from a float with a fraction is rounded down: one
; `-Wfloat-round` there; the bytes of a label after it (`<start`) are those of
; its whole address, no warning, though the label keeps the fraction.
screen  = $0400
        * = 8192 / 4.0 + 0.25
start   ldx #0
        rts
        * = * + 16
table   .byte <start, >start, <table, >table, `start
        .word start, table
        lda #<start
