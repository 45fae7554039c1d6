; 64tass: -a -C -Wunused | -a -Wunused-macro | -a -C -Wunused-label | -a -Wall -Wunused
; -Wunused: a named `.encode` block nothing selects is an "unused macro" to
; 64tass, as a structure, union, function, namespace or macro is (its
; encoding is no code label); one selected with `.enc` is not reported.
        * = $0801
        .word (+), 2023
        .null $9e, format("%d", start)
+       .word 0

scroller .encode
        .cdef "AZ", $01
        .cdef "  ", $20
        .cdef "..", $2e
        .endencode
bigfont .encode
        .cdef "AZ", $41
        .endencode
colours .namespace
black   = 0
white   = 1
        .endn
sStar   .struct
x       .byte ?
        .ends

start   lda #colours.white
        sta $d020
        ldx #len(text)-1
-       lda text,x
        sta $0400,x
        dex
        bpl -
        rts

        .enc scroller
text    .text "HELLO THERE..."
        .enc "none"
