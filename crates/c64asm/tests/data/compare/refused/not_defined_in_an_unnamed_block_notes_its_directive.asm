; 64tass: -C -a -B
; A name not found from inside an unnamed `.block` (or `.namespace`, or a
; `.binclude` without a label) is noted "searched in this scope and in all
; it's parents" at the directive that opened the scope, as 64tass places
; it: at its line and column, with the line under it (c64kit gave the
; note without a place, so that notes of one scope in a row were not taken
; as one and were left out or shown apart). A label on the line before
; the directive is not the scope's: the scope is still unnamed.
*        = $c000

prsinit
         .block
         lda #0
         sta prspos
         sta prsstate
         rts
         .bend

prsnext
         .block
         ldy prspos
         lda (prsbuf),y
         iny
         sty prspos
         rts
         .bend

prstok   .block
         lda prsstate
         rts
         .bend

         .namespace
         ldx prscount
         .endn
