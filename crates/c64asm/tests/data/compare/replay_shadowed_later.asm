; A name that resolves to an outer symbol in the first pass and to a local
; one defined further down in later passes: the line must not be replayed
; with the outer symbol's value.
* = $1000
val     = $20
mask    = $0f
blk     .block
        lda val
        and #mask
        sta val + 1
        rts
val     = $1234
mask    = $f0
        .bend
        lda val
        lda blk.val
