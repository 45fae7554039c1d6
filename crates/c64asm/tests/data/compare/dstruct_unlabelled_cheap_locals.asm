; 64tass: -a | -a -Wall
; `.dstruct`/`.dunion` without a label enter no scope of their own: the
; body's fields are the current scope's and its cheap locals (`_x`) the
; current label's, so code around it reads them by their short names,
; before (a forward reference) and after; a label in the body starts a new
; cheap-local scope that lasts after it, as any label does. (c64kit laid
; the body out in a scope of its own: "not defined symbol '_next'".)
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

node    .struct
_link   .word ?
_value  .byte ?
        .ends

cell    .union
_byte   .byte ?
_word   .word ?
        .endu

entry   .struct
        .byte $ea
head
_tail   .byte ?
        .ends

start   ldx #0
        lda _value,x
        sta _link
        jmp _over
        .dstruct node
        .dunion cell
_over   lda _byte
        ldy _word+1
        jsr walk
        rts

walk    ldx #1
        .dstruct entry
        lda _tail
        rts

second  .dstruct node
        lda second._value
        rts
