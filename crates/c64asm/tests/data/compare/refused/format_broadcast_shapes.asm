; 64tass: -a
; format() and pow() broadcast their sequences together: two of different
; lengths (neither of one element) can't be broadcast; c64kit made every
; pair of them instead.
*       = $1000
        .text format("%s%s", (1, 2), (3, 4, 5))
        .byte pow([1, 2, 3], (1, 2))
