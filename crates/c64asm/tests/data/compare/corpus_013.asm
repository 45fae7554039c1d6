; 64tass: -a | -a -C
; Regression from a public 64tass project: instruction list operand.
        * = $1000
table   .bfor k in 1, 2
entry   .byte k
        .next
        lda table
        ldx #(3, 4)
        .byte (5, 6)
        rts
