; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes by pointer, so its own order varies run to run
; macros: parameters by number and name, defaults, bare calls, segments,
; labels inside expansions, results
* = $5000
copy    .macro
        ldx #size(\1)-1
lp      lda \1,x
        sta \2,x
        dex
        bpl lp
        .endmacro
src     .byte 1, 2, 3
        #copy src, $0400
        .copy src, $0500
        copy src, $0600
inc16   .macro addr
        inc \addr
        bne +
        inc \addr+1
+
        .endm
        #inc16 $fb
        inc16 $fd
nop3    .macro
        nop
        nop
        nop
        .endm
        nop3
        #nop3
name    .macro first, b=2, , last
        lda #\first
        lda #\b
        lda #\3
        lda #\{last}
        .endmacro
        #name 1, , 3, 4
        #name 5, 6, 7, 8
lohi    .macro
lo      .byte <(\@)
hi      .byte >(\@)
        .endmacro
var     .lohi 1234
        lda var.lo
        ldx var.hi
setb    .segment
bval    .byte \1
        .endsegment
        #setb 42
        lda bval
delay   .macro n
        .rept \n
        nop
        .next
        .endm
        #delay 3
twice   .macro
        .byte \1
        .byte \1
        .endm
        #twice "ab"[0]
        #twice (1,2)
