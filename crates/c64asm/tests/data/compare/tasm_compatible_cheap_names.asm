; 64tass: -T | -T -C
; `-T`: an expression reads a name that starts with `_` as any other name,
; through the scope stack from the current scope outwards, not as a cheap
; local of the last label (a `_` label is still defined as one).
        * = $1000
_first  nop
glob    nop
_second jmp _first
        lda #<_first
        .word _first, glob
