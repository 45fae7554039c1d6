; 64tass: -a | -a -Wall -Wshadow | -a -C
; A name read before, while and after a second label of it appears (a
; look-up answers a name only one label has without the tables): a global
; read in a `.proc` that defines its own further down (the global in the
; first pass, the local from the second), a local read before its line, a
; block's and a namespace's names read from outside and inside.
        * = $0801
count   = 3
        .byte count
outer   .proc
        lda #count
        ldx #depth
count   = 7
depth   = 2
        lda #count
        rts
        .pend
        .byte count, outer.count, outer.depth
inner   .block
        .byte count
        .bend
        .byte tbl.first
tbl     .namespace
first   = 5
        .byte first, other
        .endn
other   = 9
        .byte tbl.first, other, blk.only
blk     .block
only    = 4
        .bend
