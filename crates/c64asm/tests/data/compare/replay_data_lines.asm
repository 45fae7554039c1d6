; Data lines whose values move between passes (a zero-page constant at the
; end shrinks the code above them), lines that keep their values, a name a
; block defines later, and `.eor`, under which nothing is replayed.
* = $1000
start   lda zpv
        .byte <later, >later, 1, 2
        .word later, start, later - start
        .long later + $10000
        .dword $12345678, later
val     = $11
blk     .block
        .byte val, val + 1
val     = $22
        .bend
        .for i = 0, i < 3, i += 1
        .if i == 2
        .eor $ff
        .fi
        .byte val, i
        .word val * 256
        .next
        .eor 0
later   rts
zpv     = $12
