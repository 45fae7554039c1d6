; 64tass: -a -Wshadow | -a -C -Wall
; -Wshadow in a function: a parameter hiding a built-in is reported once, a
; label of the body once per call site (64tass places the body's labels in
; the call), not again for the same call in a loop.
        * = $0801
wrap    .function size
addr    = size + 1
        .endf addr
        .byte wrap(1), wrap(2)
        .byte wrap(3)
        .for i = 0, i < 3, i += 1
        .byte wrap(i)
        .next
        rts
