; 64tass:
; A `.for` or `.bfor` step part that does not start with a variable's name
; (a number, a string, a bracket) is "label required" at the step, as in
; 64tass (c64kit said "a symbol is expected"; found by asm-mutation-compare
; seed 735).
        * = $1000
        .for i = 0, i < 2, 1
        nop
        .next
        .bfor j = 0, j < 2, "a"
        nop
        .next
        .for k = 0, k < 2, (k)
        nop
        .next
        rts
