; 64tass: -a
; A label's data is not iterable by `.for` in 64tass 1.58 ("not iterable
; code" at the label, the loop left out), though an index, `in` and
; `list()` read it; a table summed with `.for v in table` must go through
; `list(table)`. c64kit iterated the label's bytes.
        * = $1000
table   .byte   1, 2, 3
        .for v in table
        .byte   v * 2
        .next
        .for v in list(table)
        .byte   v * 3
        .next
        .for v in table + 1
        .byte   v
        .next
        .for v in later
        .byte   v
        .next
later   .word   $1234
