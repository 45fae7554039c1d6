; 64tass: -a -B|-a -B -C
; 65C02 code assembled for the 6502: `bra -` and `stz ptr` are not
; instructions there, so `bra` and `stz` are labels, and what follows them is
; "general syntax". After `stz ptr` (a name follows the label) the label is
; the scope of the `_locals` below it, as a label in front of any word is;
; after `bra -` (an operator character follows: `-`, `+`, `*`, `/`, `%`, `^`,
; `:`, `|`, `&`, `<`, `>`) 64tass reports the error without making the label
; that scope, so `_done` below is still `print._done`. c64kit made `bra` the
; scope and reported `_done` as not defined. (With `--m65c02` everything
; assembles.)
        * = $1000
ptr     = $fb
print   ldx #0
-       lda text,x
        beq _done
        jsr $ffd2
        inx
        bra -
_done   rts

wipe    lda #0
        stz ptr
_again  sta (ptr),y
        iny
        bne _again
        bra +
+       rts

text    .text "hello", 0
        .word print._done, wipe._again
