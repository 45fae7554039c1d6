; 64tass: -a
; What has no number (a function, a built-in, a macro, a structure, a
; namespace, a type, a register) converted by `int()`, `float()`, `bool()`,
; `bits()` or `bytes()`: "conversion of ... is not possible"; its `abs()` and
; `sign()`: "can't get absolute value of ...", "can't get sign of ...".
f       .function x
        .endf x
m       .macro
        .endm
s       .struct
        .ends
ns      .namespace
        .endn
        * = $1000
        .byte int(f)
        .byte bool(f)
        .byte bits(f)
        .byte float(f)
        .byte bytes(f)
        .byte int(len)
        .byte int(m)
        .byte int(ns)
        .byte int(s)
        .byte int(int)
        .byte bool(int)
        .byte int(a)
        .byte float(ns)
        .byte abs(f)
        .byte abs(int)
        .byte sign(s)
        .byte abs(ns)
        .byte sign(?)
