; 64tass: -a -Wshadow | -a -C -Wall
; labels in any order (64tass lists a macro call's labels in a varying order)
; A helper function named like a built-in (`char`) read from macro
; arguments: the shadow warning belongs to the definition, so it is given
; once, not once per macro call that reads it. A label defined inside the
; macro still warns once per call (each call has its own).
charset = $0800
char    .function ch
        .endf charset + ch * 8

copy8   .macro src, dst
len     = 8                     ; shadows len() in each call's own scope
        ldx #len - 1
-       lda \src,x
        sta \dst,x
        dex
        bpl -
        .endm

        * = $1000
        #copy8 glyphs, char($41)
        #copy8 glyphs + 8, char($42)
        #copy8 glyphs + 16, char(1)
        lda #<char(2)
        rts
glyphs  .fill 24, $55
