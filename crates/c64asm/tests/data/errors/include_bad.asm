        lda #300
