; 64tass: -a -Wshadow | -a -C -Wall | -a -Wall --m65xx
; -Wshadow of a built-in: 64tass reports a symbol hiding a built-in only when
; the values differ. A function parameter `a` given the register `a` (the
; "pseudo instruction" idiom `asr a`) or a label set to the built-in function
; it names hides nothing; the same parameter given a number does.
        * = $0801
asr     .function a
        cmp #$80
        ror a
        .endf
half    .function x
        lda #x
        lsr a
        .endf
        asr a
        asr a
        half $10
len     = len
        .byte len([1, 2])
sin     = sin
        .byte sin(0)
        rts
