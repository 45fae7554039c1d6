; 64tass:  |  -C
; Regression from a public 64tass project: labels dstruct instance.
        * = $1000
point   .struct
posx    .byte ?
posy    .byte ?
        .ends
colour  .union
packed  .word ?
        .endu
p1      .dstruct point, 1, 2
p2      .dstruct point, 3, 4
c1      .dunion colour
        lda p1.posx
        lda c1.packed
