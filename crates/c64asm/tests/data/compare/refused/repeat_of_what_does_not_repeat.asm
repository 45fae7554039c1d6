; 64tass: -a|-a -C
; A music driver builds its tables with `x`: a string, a byte string, a list
; or a bit string repeats, and the count is any unsigned value (a float is
; truncated, a label is its address). Anything else on the left is refused
; naming the left alone ("repeat 'x' of int '3' not possible"), whatever the
; count; a count without an unsigned value is refused at the count ("can't
; get integer value of struct", "value needs to be non-negative").
voice           .struct
freq            .word 0
                .ends
tempo           .function n
                .endf n*3

                * = $1000
player          rts
silence         .byte [0] x 2.5
rests           .text "-" x 3.9
pad             .byte [1] x voice
                .byte [1] x tempo
                .byte [1] x -1
                .byte (1, 2) x [2]
                .text "ab" x "c" x 0
                .byte 3 x 4
                .byte 3 x voice
                .byte player x 2
                .byte tempo x tempo
                .byte voice x 1.5
                .byte true x 2
                .byte x"01" x x
                .byte %101 x 2
