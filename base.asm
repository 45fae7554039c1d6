poke    .macro addr, value
        lda #\value
        sta \addr
        .endm
* = $1000
tab0 .byte 1,2,3
