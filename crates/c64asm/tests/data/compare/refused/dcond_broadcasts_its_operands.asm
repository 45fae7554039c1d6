; 64tass: -a | -a -C
; `c ?? a : b` broadcasts over all three operands as 64tass's functions do:
; a list, tuple or dictionary (its `key:value` entries) among them is taken
; element by element, all of one length (a single element stands for
; itself), else "could not be broadcast" at the operand that differs; an
; element that can't be a truth is reported at the condition.
        * = $1000
f       = 1
        .byte ( f, f ) ?? ( 1, 2, 3 ) : 2
        .byte [ 1, 0 ] ?? 1 : [ 2, 3, 4 ]
        .byte [] ?? [ 1, 2 ] : 3
        .byte { 1: 2 } ?? 1 : 2
        .byte ( { 1: 2 } ) ?? 1 : 2
        .byte [ "a", ( 1, 2 ) ] ?? 1 : 2
        lda ( f, f ) ?? ( 1, 2, 3 ) : 2
