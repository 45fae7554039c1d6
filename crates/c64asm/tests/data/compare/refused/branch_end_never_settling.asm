; 64tass: -a | -a -B | -a -L
; A branch to a label not yet defined in the pass is measured from where it
; ended in the last pass (64tass's star of the branch). Here the code before
; the branch flips its place every pass: the label's low bit decides whether
; the `nop` is there, and the `nop` moves the label. Past the pass limit the
; branch whose end moved is "can't calculate stable value", at its mnemonic,
; before "too many passes" (the label's own change is not named: the pass
; was already known not to settle). With `-B` the same, the branch short.
        * = $1000
        .if (skip & 1) == 0
        nop
        .endif
        lda #0
        bne skip
skip    rts
