; A small program for the harness's own tests: every line's hit count is known.
        * = $c000
start   ldx #3
loop    jsr twice
        dex
        bne loop
        rts

twice   inc counter
        inc counter
        rts

never   lda #1
        rts

counter .byte 0
