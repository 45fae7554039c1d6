; 64tass: -a
; the label list's order when no line has a label before a directive: 64tass's
; root table then has no extra "-" entry (a label, then a directive, adds it)
* = $1000
o = 1
a = 5
h = 1
t = 6
b = 2
        nop
        .if 0
skip    .byte 1
        .endif
