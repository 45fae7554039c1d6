; 64tass: -a -x | -a -x -X
; Register sizes tracked by .autsiz: rep/sep with operators and a later
; constant, @w immediates, .mansiz; direct page modes under .dpage.
        * = $8000
        .autsiz
        rep #$10|$20
        lda #1
        ldx #1
        sep #~$ef
        ldx #1
        lda #1
        rep #later
        lda #1
        sep #$ff
        .al
        lda #$12
        lda @w #$12
        .as
        lda @w #$12
        ldx @w #$12
        .mansiz
        rep #$20
        lda #1
        .autsiz
        .al
        rep #$00
        lda #1
        .dpage $0100
        lda ($112,x)
        lda ($112,x)
        lda ($112),y
        lda [$112]
        lda [$112],y
        pei ($112)
        lda $12,s
        .dpage 0
        pea lbl
        per lbl
        pea #lbl
        mvn #`lbl,#$7e
        jmp (lbl)
        jmp (lbl,x)
        jml [lbl]
        lda lbl,b
        lda $12,d
        lda ($12,d),y
        lda [$12,d],y
        jmp lbl,k
later = $30
lbl     rtl
