; 64tass: -a
; A character the current encoding can't hold, in an instruction's operand
; (`lda #"_"`: ASCII-only sources assembled with `-a` and the default
; encoding, a BASIC's tokeniser), is reported at the character, and once per
; encoding and pass as in a data directive; a bracket holding the text is
; where the error is placed.
        * = $1000
        lda #"_"
        cmp #"x_"[1]
        ldx #("_")
        lda "_"
        lda #"_"
        .enc "screen"
        lda #"{"
        cmp #"{"
