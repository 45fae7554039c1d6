; 64tass: --m65816 -B | -x -B -X
; -B on the 65816: a conditional branch that doesn't reach becomes the
; opposite branch over a jump. When that jump can't be made (its target is
; in another program bank) 64tass has already written the branch over it
; and noted the jump's place: one error, and a later branch to the same
; target in reach of that place reuses it without another. The bytes
; written before the failed jump also move what follows (the second
; error's address).
        * = $028000
handler = $01f000
        lda $d012
        bne handler
        ldx #0
        bmi handler
        bra * - $8100
