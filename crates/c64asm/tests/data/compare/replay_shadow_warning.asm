; 64tass: -a -C -Wshadow
; -Wshadow is checked where a symbol is read once the values have settled:
; lines a later pass replays still say it.
* = $1000
val     = $10
blk     .block
val     = $20
        lda #val
        .byte val
        lda zpv
        .bend
        lda #val
zpv     = $12
