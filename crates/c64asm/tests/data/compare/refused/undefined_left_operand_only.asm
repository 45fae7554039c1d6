; 64tass: -a | -a -x
; A patch whose library header is missing: names it defines are not defined.
; In 64tass an undefined name is an error value, and an operation's result is
; its left operand's error: `size(unit.items) + size(word)` reports the
; undefined name only, not the refused `size(word)` on its right (which a
; line on its own does report).
        * = $1000
        lda #size(unit.items) + size(word)
        cmp #len(slots) + len(4)
        .byte size(header) + size(byte), 2
        .word size(word)
        rts
