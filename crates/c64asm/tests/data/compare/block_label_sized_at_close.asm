; 64tass: -a | -a -L
; A label on `.with` or `.weak` takes the size of its block when the block
; closes, as a label on `.block` or `.page` does; until then it keeps it.
; c64kit also sized it at its own line (0 bytes), the two sizes took turns
; and the passes never settled ("too many passes" where 64tass assembles).
        * = $0801
ptrs    .block
lo      .byte 0
hi      .byte 0
        .bend
copy    .with ptrs
        lda lo
        sta hi
        .endwith
setup   .weak
speed   = 3
        lda #speed
        .endweak
        jmp copy
        jmp setup
