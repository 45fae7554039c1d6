; 64tass: -a | -a -C
; Regression from a public 64tass project: immediate constant arith.
LINE = #$0d
WORD = #$1234
*       = $c000
        ldx LINE
        ldx LINE+1
        lda LINE-1
        cpx LINE*2
        lda <WORD
        lda >WORD
        ldx LINE|$80
        ldx LINE&$0f
        ldx LINE^1
        ldx -LINE
        ldx ~LINE
        ldx LINE>>1
        ldx 1+LINE
