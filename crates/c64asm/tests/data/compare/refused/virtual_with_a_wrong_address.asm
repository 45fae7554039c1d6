; 64tass: -a | -a -C
; A `.virtual` whose address can't be one defines no label: what reads the
; label finds nothing of that name.
        * = $1000
area    .virtual "abc"
v       .word ?
        .endv
        lda area
        lda area.v
