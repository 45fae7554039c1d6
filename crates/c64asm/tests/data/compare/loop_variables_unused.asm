; 64tass: -a -Wunused-variable
; labels in any order
; A `.for` over a sequence makes its variables once, before the first
; iteration, even for an empty sequence: "unused variable" is given there,
; once, whatever the count (c64kit gave none for an empty one and one an
; iteration after the first). A `:=` step makes its variable at the first
; step only, which reports the one made by the start at its place.
        * = $1000
        .for empty in range(0)
        .byte 1
        .next
        .bfor once in range(3)
        .byte 2
        .next
        .for lo, hi in []
        .next
        .for lo2, hi2 in [(1, 2), (3, 4)]
        .byte lo2
        .next
count   := 0
        .for i = 0, count < 3, i := 1
count   += 1
        .byte count
        .next
        .for j = 0, j < 2, j += 1
        .byte j
        .next
        rts
