; 64tass: -a
; A seed below zero ("value needs to be non-negative", a float too when its
; integer part is below zero) or above 128 bits is an error at the value, and
; what is no number is "conversion of ... to int is not possible" (c64kit
; took a negative seed's magnitude without a word, found by
; tools/asm-mutation-compare).
        * = $1000
        .seed -1
        .seed -1.5
        .seed $100000000000000000000000000000000
        .seed -$100000000000000000000000000000000
        .seed ?
        .seed (1, 2)
        .seed len
        .byte random(256)
