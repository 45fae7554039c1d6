; 64tass: -a|-a -C
; A sprite multiplexer's table reads with a typo (`sprx|x` for `sprx,x`): a
; code label meeting a register works on the label's address, so the
; message names bits, "binary or '|' of bits '$1000' and register 'x' not
; possible" (as for `-`, `*`, `<<`, `<?`, `..`, `<=>`), while `sprx+x` is
; the address indexed, as it is for a number.
                * = $1000
sprx            .fill 8
spry            .fill 8
sort            ldx #7
-               lda sprx+x
                sta spry|x
                lda sprx-y
                lda spry*x
                lda sprx<<x
                lda spry<?x
                .byte sprx<x, sprx>=x
                .text sprx..x
                .byte sprx<=>x
                .byte x|sprx
                dex
                bpl -
                rts
