; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes by pointer, so its own order varies run to run
; .struct, .union, .dstruct, .dunion, field offsets, sizes
* = $2000
point   .struct x=0, y=0
x       .byte \x
y       .byte \y
        .endstruct
pair    .union
b       .byte ?
w       .word ?
        .endunion
p1      .dstruct point, 1, 2
p2      .dstruct point
        #point 5, 6
u1      .dunion pair
        lda p1.x
        lda p1.y
        ldy #point.y
        lda #size(point)
        lda #size(pair)
        lda #size(p1)
        .struct
a       .byte 1
bb      .word 2
        .endstruct
        .union
c       .byte 3
d       .word 4
        .endunion
        .byte 9
        .virtual $d400
sid     .block
freq    .word ?
pw      .word ?
ctrl    .byte ?
        .bend
        .endvirtual
        lda sid.ctrl
        sta sid.freq+1
