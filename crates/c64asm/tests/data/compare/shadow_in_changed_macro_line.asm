; 64tass: -a -Wshadow | -a -Wall -C
; Names a macro defines again, shadowing names outside it, on lines an
; argument changed. 64tass reports a shadowing definition where its own
; line reads it, and once more where another line reads it: then in the
; macro's text, the definition's column moved as the reading line's
; arguments move a column of that line (the step's `k`, column 44 of the
; first call's expansion, is given at 27: on the `.byte` line that column
; is inside the second `\table`, so it is that reference's). A `.for`
; step `k = k + 2` moves `k` to the step before it reads it (the second
; call's one step, at 38, reads 0, not the outer `k`'s 3).
        * = $1000
        .for k = 0, k < 3, k += 1
        .byte k
        .next
screen  = $0400
offset  = 3

nibbles .macro table, first=$10
        .for k = 0, k < len(\table), k = k + 2
        .byte \table[k] | \table[k + 1] << 4, \first
        .next
        .endm

put     .macro where, what
screen  = \where
        lda #\what
        sta screen + \what, x
offset  := \what - 1
        ldx #\what + offset
        .endm

notes   #nibbles [1, 2, 3, 4]
more    #nibbles [5, 6], $20
top     #put $0428, 12
bottom  #put $07c0, 3
