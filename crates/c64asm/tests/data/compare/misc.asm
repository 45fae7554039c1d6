; smaller features: .comment, variables, .char, * inside data, a symbol named a,
; labels with colons, reserved space between and after regions, .end
* = $1800
a       = $fb
        asl a                   ; a symbol named 'a' exists: zero page $fb
        lsr
count   := 1
        .byte count
count   := count + 1
        .byte count
        .comment
        this text is ignored by both assemblers
        lda #$ff
        .endc
here:   .word *, here, * + 2
        .char -128, -1, 0, 127
        .fill 3
        .byte $aa
        .fill 2
        .end
        .byte $bb               ; after .end: not assembled
