; 64tass: -a
; A float beyond any integer is "too large" for its field like any other
; number (`.word 1e20`: "too large for a 16 bit unsigned integer float
; '1e+20'"), or "needs to be non-negative"; an index, a slice's bound and
; `range`'s arguments are 32-bit signed numbers, a repetition's count a
; 32-bit unsigned one, each reported at itself.
        * = $1000
amp     = 1e20
sines   .byte 128 + amp * sin(range(4) * pi / 2)
        .word amp, -amp, ~amp
        .sint amp, amp << 2
        .char -1e19
        .dint 1e20
        lda #amp
        .fill 1e20
        .byte sines[10000000000], sines[1e19], "abc"[1e10]
        .byte [1, 2, 3][1:10000000000], [1, 2, 3][[0, 1e10]]
        .byte [[1, 2], [3, 4]][1, 1e10], [[1, 2], [3, 4]][-1e10, 1]
        .text "ab" x 10000000000, "ab" x 1e20, [1] x 1e10
        .byte range(10000000000), range(1e19), range(-1e19)
        .byte $1234[1e10]
