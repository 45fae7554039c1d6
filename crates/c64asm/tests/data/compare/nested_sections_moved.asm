; 64tass: -a -C -L | -a -L
; A section whose fragments (with a section nested in them) came before its
; .dsection moves there as a whole, the nested section's bytes included,
; here under .logical and after another section with a nested one.
*       = $0801
        .dsection vars
        .section vars
        .byte $aa
        .dsection zp
        .section zp
        .byte $bb
        .send
        .send
        .logical $2000
        .section code
start   .byte $94
        .dsection tables
        .section tables
        .byte $dd
        .send
        .send
        .dsection code
        .here
        .word start
