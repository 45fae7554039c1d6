; 64tass: -a
; `.SEG.name` (a 65816 source's bank of a label, in another assembler's
; words) reads as the symbol `.SEG` and its member: refused, and the message
; names the symbol as it is written, capitals and all, when case is not
; significant.
        * = $2000
ldfac   rts
ldarg   rts
        lda #.SEG.ldfac
        lda #.Seg.ldarg
        ldx #.seg.ldfac
