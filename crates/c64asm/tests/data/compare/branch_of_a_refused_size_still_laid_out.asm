; 64tass: -a | -a --m65c02 | -a -x
; A branch given a size it has no form of (`bne @w target`) is refused where
; the branch doesn't reach, and 64tass still lays the two bytes out: in the
; first pass of a routine nothing calls, `--dump-labels` shows the labels
; after it where they were then (a BASIC's unit tests, with a forced size
; put in by tools/asm-mutation-compare).
        * = $0801
check   .proc                           ; nothing calls it: pass 1 only
        lda #1
        bne @w failed
        beq @l passed
        lda #2
failed  rts
passed  sta $0400
        rts
        .pend
        rts
