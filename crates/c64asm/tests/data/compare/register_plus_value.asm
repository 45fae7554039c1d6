; 64tass: -a | -a -x
; An index register plus or minus a value is the value indexed, as in
; 64tass: `x + 1` is `1, x` (found by tools/asm-mutation-compare on a
; source whose label `x` was deleted).
*=$1000
        sta x+1
        lda 1+x
        lda x-(-3)
        lda (x+1)
        ldx y+1
        lda x+"a"
        lda x+l
        lda 1.5+x
        lda x+1+1
l       lda x+(1,2)
