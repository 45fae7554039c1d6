; 64tass: -a -C | -B
; An inner section fills only after its parent was placed: the parent's
; size changes after its .dsection, which 64tass's end-of-pass size check
; catches with one more pass (nothing else here needs one).
*       = $0801
        .dsection main
        .section main
        .dsection tables
        .section tables
        .byte $bb
        .send
        .byte $aa
        .send
        .byte $ee
        .word *
