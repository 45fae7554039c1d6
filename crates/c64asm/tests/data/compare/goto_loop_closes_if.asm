; 64tass: -a
; labels in any order
; `.goto` back to a `.lbl` ends the `.if`/`.switch` blocks opened since
; the `.lbl`, as in 64tass: the manual's `.goto` loop (an `.ifne`/`.goto`/
; `.endif` inside the loop body) repeats without nesting the conditional.
        * = $1000
i       .var 5
loop    .lbl
        nop
i       .var i - 1
        .ifne i
        .goto loop
        .endif
j       .var 3
again   .lbl
        .byte j
j       .var j - 1
        .if j > 1
        .byte $aa
        .goto again
        .elsif j == 1
        .byte $bb
        .goto again
        .else
        .byte $cc
        .endif
k       .var 0
next    .lbl
k       .var k + 1
        .switch k
        .case 1, 2
        .byte k + $10
        .goto next
        .default
        .byte $ff
        .endswitch
        rts
