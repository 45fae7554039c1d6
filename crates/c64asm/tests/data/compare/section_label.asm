; 64tass: -a -C | -a
; A label in front of `.section` names where the section goes on, not the
; line's own address, and its size is what this fragment of the section
; holds (the color table idiom: `colors .section data` ... `.send`, then
; `ldx #size(colors)`).
        * = $1000
        jmp start
        .dsection data
start   ldx #size(colors) - 1
        ldy #colors_end - colors
        lda colors,x
        lda keys
        rts
colors  .section data
border  .byte 12
paper   .byte 15
colors_end
        .send
keys    .section data
        .byte 1, 2, 3
        .send data
        .byte size(keys), <colors, <keys, <border
