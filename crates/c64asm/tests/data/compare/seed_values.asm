; 64tass: -a
; `.seed` takes an unsigned number of up to 128 bits, mixed into the
; generator's two words, a float by its integer part (`-0.5` is 0) and a text
; by its bytes; `random()` then gives 64tass's sequence.
        * = $1000
        .seed -0.5
        .byte random(256), random(256)
        .seed 1.5
        .byte random(256), random(10, 20)
        .seed $ffffffffffffffffffffffffffffffff
        .byte random(256), random(0, 100, 7)
        .seed 12345678901234567890
        .byte random(256)
        .seed "ab"
        .byte random(256)
        .seed 1 == 1
        .byte random(256)
