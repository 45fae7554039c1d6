; 64tass: -a -Wstrict-bool | -a -Wall
; Where -Wstrict-bool places a condition's value, as 64tass places any
; value: a `.if` (or `.while`, `.cerror` ...) whose argument is a `?:` is
; warned about twice, at the condition and at the branch it took; in an
; instruction operand a condition that is or starts with a bracket is placed
; at the bracket (64tass keeps the bracket's place where the brackets may be
; an addressing mode), elsewhere after it. A music editor's player selects
; its jump targets with `jmp (feature) ? a : b`.
        * = $1000
f       = 1
        .if ( f ) ? 1 : 2
        .fi
        .if f ? 1 : 2
        .fi
        .byte ( f ) ? 1 : 2
        .byte ( f ) + 1 ? 1 : 2
        .byte ( 1 ? 2 : 3 ) ? 4 : 5
        .byte 1 ?? 2 : 3
        jmp ( f ) ? $1234 : $2345
        lda ( f ) ? 1 : 2
        lda #( f ) ? 1 : 2
        lda ( f ) + 1 ? 1 : 2
        lda #( f ) ? 1 : 2,x
        lda ( f ) ? 1 : 2,x
        lda - ( f ) ? 1 : 2
        lda ( f ) ? ( f ) ? 1 : 2 : 3
        lda ( f ) && ( f ) ? 1 : 2
        lda #( 1 ? 2 : 3 ) ? 4 : 5
        lda ( 1 ? 2 : 3 ) ? 4 : 5
        lda ( 1 ) ?? 2 : 3
        lda (f && 1) ? $12 : $34,y
