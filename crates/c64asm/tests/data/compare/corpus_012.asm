; 64tass: -a | -a -C
; Regression from a public 64tass project: bank dpage suffix.
        * = $1000
        lda $10,b
        lda $10,d
        sta $1234,b
        ldx $10,b
        ldy $20,b
