; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; A label on a block's closing line: `_done .endm` defines `_done` at the
; end of each expansion (a jump over the rest of the body lands there), yet
; 64tass lists no row for it; the definition's closing line, listed with
; --verbose-list, shows its label blanked out, and so do `.endf`, `.endif`
; and `.endc` closing skipped lines.
        * = $1000
head    = $fb
push    .macro  base, r
        lda     \base
        bne     _ins
        st\r    \base
        jmp     _done
_ins    lda     #0
        t\2a
        st\r    \base+1
_done   .endm
pop     .segment base
        lda     \base
        beq     _none
        dec     \base
  _none .endsegment
twice   .function v
_r      .endf   v*2
        .if 0
        nop
_skip   .endif
        .comment
_c      .endc
start   #push   head, x
        #push   head+2, y
        #pop    head
        .byte   twice(3)
        jmp     start
