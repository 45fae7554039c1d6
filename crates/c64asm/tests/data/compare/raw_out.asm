; 64tass: -a -C -b | -b
; --nostart: raw bytes without a load address, gaps inside zero-filled
* = $c000
        .byte ?
        lda #1
        .fill 2
        rts
* = $c010
        .byte $ff
