; 64tass: -a
; `.dstruct` and `.dunion` of something else name its type, as 64tass
; words it ("wrong type 'code', expected 'struct'"), at where the value is
; placed: a comparison (`a=$fffe` is one) at its start.
        * = $1000
point   .struct x, y
px      .byte \x
py      .byte \y
        .ends
cell    .union
b       .byte ?
w       .word ?
        .endu
here    nop
p1      .dstruct a=$fffe
p2      .dstruct here, 3
p3      .dunion point, 1, 2
p4      .dstruct cell
p5      .dstruct 1 + 2
        .dunion "x"
p6      .dstruct point, 1, 2
