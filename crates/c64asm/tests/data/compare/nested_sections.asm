; 64tass: -a -C | -a | -B
; Sections inside sections: a .dsection placed inside a .section fragment
; gets the inner section's bytes where it stands, however the fragments
; are ordered (before or after the .dsection), under .logical and .offs.
; The outer section's size changes after it is placed, so it needs
; another pass (64tass's end-of-pass size check).
*       = $1000
        .dsection code
        .word *                 ; after code, with its inner sections
        .section code
start   lda #<tab
        .dsection tables        ; inner: its fragments land here
        .section tables
tab     .byte 1, 2, 3
        .send
        jmp start
        .send
        .section rodata
tab2    .word start, tail
        .send
        .section code
        .section tables
        .byte 4                 ; a second fragment of the inner section
        .send
        rts
        .send
        .logical $4000
        .dsection rodata
        .here
        .offs 3
        .section outer
        .section inner          ; fragment before its .dsection
        .text "hi"
        .send
        .dsection inner
        .byte $ff
        .send
tail    .dsection outer
        .word *

; used before placed, the inner one under .logical
*       = $2000
        .section sa
        .byte 1
        .section sb
        .byte 2
        .send
        .send
        .dsection sa
        .word *
        .section sa
        .logical $8000
        .dsection sb
        .byte 9
lg      .here
        .word lg
        .section sb
        .byte 3
        .send
        .send
        .word *

; three levels, variables reserved with ?
*       = $3000
        .dsection vars
        .section vars
        .dsection zpa
        .section zpa
        .fill 3
        .dsection zpb
        .section zpb
v       .byte ?
        .send
        .send
        .send
        .word v, *
        .section vars
        .section zpa
        .section zpb
        .byte 7
        .send
        .byte 8
        .send
        .send
        .word *
