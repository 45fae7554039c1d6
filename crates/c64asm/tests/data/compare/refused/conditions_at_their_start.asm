; 64tass: -a | -a -C
; A directive's value that can't be a truth, a count, a sign or an address
; is placed where 64tass places the value: at its start (not at its last
; operator), inside its brackets, at the branch a `?:` took. A `?:`
; condition too. A value holding an error is named without its text.
        * = $1000
        .if [1]+[2]
        .endif
        .if ([1]+[2])
        .endif
        .if 1 + ([1]+[2])
        .endif
        .if 1 ? [1]+[2] : 2
        .endif
        .if 0
        .elsif [1]+[2]
        .endif
        .byte [1]+[2] ? 1 : 2
        .byte 3 + ([1]+[2] ? 1 : 2)
        .cerror [1]+[2], "x"
        .cwarn [1]+[2], "x"
        .rept [1]+[2]
        .endrept
        .rept 4*(1+[2])
        .endrept
        .fill 1 ? [1] : 2
        .ifeq [1]+[2]
        .endif
        .ifne 1 ? [1] : 2
        .endif
        .logical 1 ? [1] : 2
        .endlogical
        .option allow_branch_across_page = [1]+[2]
        .option allow_branch_across_page = 1 ? [1] : 2
        .while 1 ? [1] : 2
        .endwhile
i       .var 0
        .for i = 0, [1]+[2], i + 1
        .endfor
        .if [1, "a" .. 3]
        .endif
        .if "a" .. [3]
        .endif
