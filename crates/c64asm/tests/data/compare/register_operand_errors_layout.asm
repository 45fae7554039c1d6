; 64tass: -a | -a -c | -a --m4510
; A register where an address goes (`inc a` on the 6502, `lda a`, `lda #a`)
; is an error; the first pass lays the line out as an address not known yet
; (an index register stays one), which an unused .proc's labels show in
; --dump-labels (found by tools/asm-mutation-compare).
        * = $1000
        lda #1
        rts
unused  .proc
        inc a
one     lda a
two     lda a,x
three   lda (a),y
four    lda #a
five    ldx a,y
six     cpx a
seven   lda (x)
eight   jmp (a)
nine    nop
        .pend
