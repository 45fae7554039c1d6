; 64tass: -a -Wimmediate | -a -Wall -Wimmediate -Wunused
; -Wimmediate for a member of a .struct/.union definition: its value is an
; offset in the type's own layout, so 'lda rec.size' likelier meant '#'
; (64tass marks the definition's memory as an enumeration). A member of a
; .dstruct/.dunion instance, or of an unnamed .struct laid out in place, is an
; address and gets no suggestion.
        * = $0900
rec     .struct
kind    .byte ?
size    .word ?
        .ends
shape   .union
round   .byte ?
boxed   .word ?
        .endu
pair    .struct
left    .dstruct rec
right   .dstruct rec
        .ends
        * = $10
zrec    .dstruct rec
zshape  .dunion shape
        .struct
here    .byte ?
        .ends
        * = $0a00
        lda rec.kind
        ldx rec.size+1
        cpy shape.boxed
        cmp pair.right.size
        adc pair.left
        lda zrec.size
        sta zshape.round
        ldy here
        lda #rec.size
        rts
