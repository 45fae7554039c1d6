; 64tass: -a | -a -Wall
; `x in label` looks for x among the label's data, element by element as
; the label's type sizes them (`.word` pairs, `.char` signed), as a command
; table's membership test is written: the needle is taken as an integer (a
; float truncated, a string encoded, a gap found among gaps), the first
; element that decides ends the search, and `!in` is true when no element
; equals. c64kit refused it ("contains 'in' of int and code not possible").
*       = $1000
keys    .text   "wasd"
        .byte   "a" in keys, "x" in keys, "d" !in keys, "q" !in keys
words   .word   1, $203
        .byte   3 in words, 2 in words, $203 in words
signed  .char   -1, 2
        .byte   -1 in signed, 255 in signed, 1.9 in signed, true in signed
empty   .fill   3
        .byte   ? in empty, 0 in empty, ? in keys
code    lda     #1
        .byte   1 in code, $a9 in code, 3 in code
        .byte   2 in words + 2, $203 in words + 2
        .byte   1 in ahead, 5 in ahead
ahead   .byte   1, 2, 3
