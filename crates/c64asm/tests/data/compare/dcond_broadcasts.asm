; 64tass: -a -Wstrict-bool | -a -C
; `c ?? a : b` broadcasts over all three operands: each list, tuple or
; dictionary among them element by element, a single element standing for
; itself; the result is a tuple when the first of them is one. Each element
; condition decided by is a -Wstrict-bool warning at the condition.
        * = $1000
f       = 1
        .byte ( f, f ) ?? ( 1, 2 ) : 2
        .byte [ 1, 0 ] ?? [ 1 ] : [ 3, 4 ]
        .byte [ 1, 0 ] ?? 5 : [ 7, 8 ]
        .byte [ [ 1, 0 ], [ 0 ] ] ?? 5 : 6
        .byte [] ?? 1 : 2
        .text repr ( 0 ?? ( 1, 2 ) : [ 3, 4 ] )
        .text repr ( [ 0 ] ?? ( 1, 2 ) : [ 3, 4 ] )
        .text repr ( [ ( 1, ) ] ?? 7 : 8 )
        .text repr ( ( f, ) ?? [ 1 ] : 2 )
        .text repr ( ( ( f, ), ) ?? 1 : 2 )
        lda ( f ) ?? 1 : 2
