; A sound effect's macro, called from the main file after this file is
; done: the call enters this file again.
beep    .macro
        lda #\1
        sta $d400
        .endm
        lda volume_not_set
