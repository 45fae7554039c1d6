; 64tass: -a -C | -a | -C |
; labels in any order: 64tass keys anonymous scopes by pointer, so its own order varies run to run
; the less common directives: long closing names, .bwhile/.continue, .eor, .with,
; .page, .option, .seed, .proff/.pron, .hidemac/.showmac
* = $1000
blk     .block
        nop
        .endblock
        .comment
        anything here
        .endcomment
prc     .proc
        rts
        .endproc
        jsr prc
ns      .namespace
k       = 5
        .endnamespace
        .namespace ns
k2      = 6
        .endn
        lda #ns.k + ns.k2
st      .struct
a       .byte ?
b       .word ?
        .ends
un      .union
a       .byte ?
b       .word ?
        .endu
vv      .virtual
        .byte 1, 2
        .endv
        .byte size(st), size(un)
        .section sec
        .byte $aa
        .endsection
        .dsection sec
i       := 0
        .bwhile i < 6
i       += 1
        .if i == 3
        .continue
        .endif
        .byte i
        .endwhile
        .eor $ff
        .byte 1, 2
        .eor 0
        .byte 1
        .with blk
        nop
        .endwith
        .page
        nop
        .endpage
        .option allow_branch_across_page = 1
        .seed 5
        .byte random(0, 255)
        .proff
        nop
        .pron
        .hidemac
        .showmac
