; 64tass: -a -Wstrict-bool | -a -Wall
; `??` converts its condition as `?` does, an element of a list at a time, each
; warned at the condition; a logical operator folding a list (`... && list`)
; warns for each step as for an operation of its own (found with -Wall).
        * = $1000
FAST    = 1
        lda FAST ?? 2 : 3
        .byte [1, 0] ?? 4 : 5
        .text repr(... && [1, 0]), repr([1, 0] || ...)
        .text repr(... ^^ [1, 2, 0])
