; 64tass: -T
; `-T`: a `_` label is defined as a cheap local of the label before it, but
; an expression reads the name through the scope stack, where it is not.
glob    nop
_second nop
        jmp _second
        .byte <_second
