; 64tass: -a | -a -C
; `frac()` of an integer makes it a float first in 64tass, so an integer
; beyond a float's range (a shifted table value gone huge) is a "floating
; point overflow", not a fraction of 0.0; an integer a float holds is 0.0.
        * = $1000
        .byte frac(1 << 1100) + 1
        .text repr(frac(range(-5, 8, 4) << 1030))
        .byte frac(12345678901234567890123) * 10
        .byte frac(-(1 << 1023)) + 2, frac(true) + 3
        .text repr(frac((1 << 1024) - 1))
