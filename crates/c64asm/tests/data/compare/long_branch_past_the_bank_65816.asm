; 64tass: -a -x -B | -a -x -B -X | -a -B | -a -x -B -Wlong-branch
; -B's branch that can't reach tests the opposite condition over a jmp,
; 64tass's own jmp: a label plus an offset past the program bank is told by
; the label's bank, so it only warns (-Wwrap-pbank) and jumps in this bank.
; With -Wlong-branch, "long branch used" comes before the jump's own warnings.
*=$1000
lab
        beq * + $123456
        bvs * + $fffe
        bne lab + $20000
        bcc * - $2000
        bne * + $12000
        bne * + $11ffe
        nop
