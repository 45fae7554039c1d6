; Lines in loops read a variable that changes each iteration, and a
; constant defined after the loop (a forward reference in the first pass).
* = $1000
v       := 1
        .rept 4
        lda #v
        ldx fwd + v
v       := v * 3
        .endrept
        .for i = 0, i < 3, i += 1
        lda tab + i
        ldy #size(tab) - i
        .next
tab     .byte 1, 2, 3
fwd     = $f0
