; 64tass: -a
; A labelled block directive left open is reported at the directive, not
; at its label (`zp .virtual`, `tab .bfor`, `io .namespace`, `pet .encode`).
        * = $1001
zp      .virtual $fb
ptr     .word ?
tab     .bfor i = 0, i < 4, i += 1
        .byte i * 2
tab2    .brept 2
        nop
tab3    .bwhile false
io      .namespace
pet     .encode
        .cdef "az", $41
