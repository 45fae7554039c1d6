; 64tass: -a
; A reference to a name no parameter of the macro has is reported where it
; is in the macro's text, at each call, and only that line is left out (its
; other references and lines are expanded).
        * = $1000
copy    .macro src, dst
        lda \srcc
        sta \{dest}+\dst
        ldx #\src
        .endm
        #copy 1, 2
        #copy 3, 4
