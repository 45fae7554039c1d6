; 64tass: -a -L
; `.proff` turns the listing off before its own line is listed, so a label
; on it is not listed, and one on `.pron` is not either (the listing is
; still off at its line); c64kit listed a row for the `.proff` label.
        * = $1000
        lda #1
quiet   .proff
        sta $d020
again   .pron
loud    rts
