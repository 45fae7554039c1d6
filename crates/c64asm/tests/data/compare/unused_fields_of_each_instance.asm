; 64tass: -a -Wunused
; -Wunused reports each structure instance's unused field: two instances are
; two warnings at the field's line, as in 64tass (found by tools/asm-mutation-compare).
*=$1000
TS_t .struct h, m, s
    seconds .byte \s
    minutes .byte \m
.endstruct
St_t .struct
    d .byte 0
    ts .dstruct TS_t, 0, 0, 0
.endstruct
A .dstruct TS_t, 0, 0, 0
B .dstruct TS_t, 0, 0, 0
C .dstruct St_t
D .dstruct St_t
 lda A.minutes
 lda B.minutes
 lda C.ts.minutes
 lda D.d
 lda C.d
