; 64tass: -a -C -Wunused | -a -C
; `.namespace other` and `.encode other` name a namespace or encoding made
; elsewhere: the label does not own it, so nothing reading it, `-Wunused`
; calls it an unused const (a label that makes its own is an unused macro),
; and the label lists don't list the members again under it, as in 64tass.
        * = $1000
vic     .namespace
border  = $d020
paper   = $d021
        .endn
video   .namespace vic                  ; another name for it
        .endn
petscii .encode
        .cdef "az", $41
        .endencode
text    .encode petscii                 ; another name for it
        .endencode
        lda #0
        sta vic.border
        .enc petscii
        .text "hi"
        rts
