; 64tass: -C | -C -a
; errors in 64tass's order, with -Wpitfalls notes
; A block whose closing directive never comes still takes its size at the
; end of the text, as a closed one does: an unused `.proc` left open is
; then left out in the next pass, so the names it reads are not looked
; for, and the only errors are the missing closers (c64kit gave the block
; no size, assembled the `.proc` again and reported its names too; found
; by mutating a 65816 interpreter's sources).
        * = $1000
        .byte size(blk), size(pg), size(vv)
unused  .proc
        jsr nope
        .pend
vv      .virtual $2000
        nop
        nop
        .endvirtual
pg      .page
        nop
        .endpage
blk     .block
        nop
        nop
        nop
left    .proc
        bne -
        jsr nowhere
in      .virtual $3000
        lda missing
