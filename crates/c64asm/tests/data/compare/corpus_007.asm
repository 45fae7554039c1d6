; 64tass: -C -a
; Regression from a public 64tass project: unused proc too many passes.
        logo_data = $2800
c1    .byte $06
c2    .byte $0e
c3     .byte $03
        jsr used
  .for p = 0, p < 0, p += 1
  .next
unused .proc
        sta offset
        sta row
        sta li
        lda lo + 1,x
        tay
        lda li
        asl
        tax
        lda ld + 1,x
        sta width
        lda ld,x
        tax
  .for rw = 0, rw < 5, rw += 1
        lda sd + rw * 54,x
        sta $2a00 + rw * 128,y
  .next
        inx
        iny
        dec width
        bne -
        sty screen
        inc letter
        lda letter
        cmp #((lo_end - lo) / 2) + 12
        bcc more
        rts
.pend
used .proc
        bne expressive
        ldx #39
-
  .for row = 0, row < 5, row += 1
        lda $2804 + row * 128,x
        sta $0400,x
  .next
        dex
        bpl -
        lda #$02
        ldx #$0a
        ldy #$07
        sta c1
        stx c2
        sty c3
        rts
expressive
.pend
