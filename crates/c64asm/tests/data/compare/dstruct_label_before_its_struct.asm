; 64tass: -a -C | -a
; A `.dstruct` label whose structure comes later is still defined in the
; first pass (64tass makes the label before it looks at the structure): it
; takes its place in its scope's table before the names after it, which
; decides the order of the label lists where their slots collide.
        * = $1000
        .virtual $f0
args    .dstruct args_t
        .endv
args_t  .struct
        .union
recv    .dstruct recv_t
        .endu
ext     = $f8
extlen  = $fa
buf     = $fb
buflen  = $fd
ptr     = $fe
        .ends
recv_t  .struct
len     .byte ?
        .ends
        lda args.recv.len
        rts
