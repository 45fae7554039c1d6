; 64tass: -a
; `.for`: a comma after the variable's name always starts a list of names,
; which only `in` may follow (64tass's "',' or 'in' expected" where the
; list ends), never a start value.
        * = $1000
        .for i, j 1
        .byte i
        .next
        .for i, j = 1
        .byte i
        .next
        .for i,j,k
        .next
        .for i, in [1]
        .next
        .for i, j in [(1, 2)]
        .byte i, j
        .next
        .for i = 0, i < 2, i += 1
        .byte i
        .next
