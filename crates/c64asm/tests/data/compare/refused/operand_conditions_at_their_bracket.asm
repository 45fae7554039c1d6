; 64tass: -a | -a -C
; A `?:` condition in an instruction operand that is or starts with a
; bracket is placed at the bracket, not after it as elsewhere: an indirect
; address `((f))`, a long one `[f]`, a grouping followed by an operator.
        * = $1000
f       = 1
        lda ( ( f ) ) ? 1 : 2
        lda [ f ] ? 1 : 2
        lda ( [ f ] ) ? 1 : 2
        lda ( ( f ) ) + 1 ? 1 : 2
        lda #( "ab" ) ? 1 : 2
        lda ( ( f ) ) ?? 1 : 2
        .byte ( ( f ) ) ? 1 : 2
        .byte ( [ f ] ) ? 1 : 2
