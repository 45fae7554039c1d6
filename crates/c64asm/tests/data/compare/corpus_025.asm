; 64tass: -a | -a -C
; Regression from a public 64tass project: label on virtual line.
        * = $1000
vars    .virtual $c000
foo     .byte ?
        .endv
lg      .logical $2000
        nop
        .here
        lda vars
        lda lg
        lda foo
