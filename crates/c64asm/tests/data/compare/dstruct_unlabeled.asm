; 64tass: -a -C | -a
; labels in any order: 64tass keys the macro call and union scopes by pointer, so its own order may vary
; `.dstruct` without a label puts the structure's fields in the scope where it
; stands: at top level, inside a labelled block or union, and inside a macro
; called with a label (the macro's scope then holds the fields).
vec2    .struct
xpos    .byte ?
ypos    .byte ?
        .ends
hdr     .struct kind=1
kind    .byte \kind
len     .word ?
        .ends

        * = $0900
        .dstruct vec2
player  .block
        .dstruct vec2
hp      .byte 3
        .bend
shape   .union
        .byte 1, 2, 3
        .dstruct hdr, 7
        .endu
mkhdr   .macro k
        .union
        .dword 0
        .dstruct hdr, \k
        .endu
        .endm
extra   #mkhdr 9
        lda xpos
        ldx ypos
        sta player.xpos
        stx player.ypos
        lda shape.kind
        ldy shape.len+1
        lda extra.kind
        sta extra.len
        .word player.hp, extra.len
