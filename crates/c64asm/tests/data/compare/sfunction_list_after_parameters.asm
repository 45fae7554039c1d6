; 64tass: -a | -a -C
; A `.sfunction`'s parameters are the names before its expression, as
; 64tass reads them: a name followed by `,`, `:` or `=`, or `*name`. The
; expression starts at the first other part and runs to the end of the
; line, so it may be a list (`_a, 3 + _a, 7 + _a` returns two values).
* = $1000
pair    .sfunction _a, 3 + _a, 7 + _a
        .byte pair(1)
both    .sfunction _a, _b, 10 + _a, _b
        .byte both(2, 5)
dflt    .sfunction _a, _b = 4, _a + _b, _a - _b
        .byte dflt(9), dflt(9, 1)
conv    .sfunction _a : int, _a * 2, "x"
        .byte conv(3)
rest    .sfunction _a, *_r, _r, len(_r)
        .byte rest(1, 2, 3)
same    .sfunction _a, _a == 1, _a
        .byte same(1)
lone    .sfunction _a, _a
        .byte lone(6)
nopar   .sfunction 1, 2
        .byte nopar()
        .byte len(pair(0))
