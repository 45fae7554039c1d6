inner   lda #1
        rts
shared  = 7
