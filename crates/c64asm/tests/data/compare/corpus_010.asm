; 64tass:  |  -C
; Regression from a public 64tass project: labels brept list.
        * = $1000
sprites .brept 4
x       .byte ?
y       .byte ?
color   .byte ?
        .endrept
        lda sprites[2].x
        sta sprites[1].y
