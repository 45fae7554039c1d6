; 64tass: -a
; A built-in function or conversion applied to a list keeps each element's
; error in its result, placed where the argument is (the list's `[`, or the
; argument the message names), as 64tass places it; a function, macro or
; namespace given where a float is needed is 64tass's "conversion of ... to
; float is not possible" (c64kit placed these at the function's name and
; said "can't get integer value").
        * = $1000
f       .function x
        .endf x
m       .macro
        .endm
        .byte abs([f])
        .byte abs([1, f, 2])
        .byte abs((1, f))
        .byte abs([[f]])
        .byte sqrt([4, -1])
        .byte floor([1.5, f])
        .byte size([f])
        .byte int([f])
        .byte bool([f])
        .byte cos([f])
        .byte pow([2, f], 2)
        .byte pow(2, [1, f])
        .byte atan2([1.0, m], 1.0)
        .byte hypot(3, [f])
        .byte sqrt((4, [9, -1]))
        .byte abs([1, f]) + 1
        .byte frac(f)
        .byte format("%d", m)
        .byte rad(m)
