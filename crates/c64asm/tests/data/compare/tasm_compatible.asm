; 64tass: -T | -T -C | -T -a
; labels in any order (64tass's hash order differs with the macro calls below)
; TASM-compatible mode (`-T`): Turbo Assembler's expressions, strictly left to
; right in 16-bit unsigned words; `<`/`>` over a whole element; `!` forces a
; word address; `@1`..`@9` is a macro argument's text without its quotes.
ZP      = $12
VEC     = $0314
TAB     = $2000
COUNT   = 2+3*4             ; 20, not 14
MINUS   = COUNT-21          ; $ffff
        *= $1000
start   lda #<start+$101    ; the low byte of start+$101
        ldx #>start+$100
        lda 2+3*4
        ldy #COUNT/3
        .byte 2+3*4, <$1234, >$1234, <1234, >1234
        .word $ffff+2, 1-2, 7/2, 6.3, 5:3, MINUS
        .word $ffff*$ffff, $ffff+$ffff, 0-1-1, 70000-5000
        .byte %1010&%0110, %1010.%0101, $f0:$ff, 5(3
        .byte ((1+2)*(3+4)), 2*((3)), 1 + 2 , 3
        .byte $, %, $+1, 1_0, $1_0
        .byte <TAB,>TAB     ; a symbol straight after the comma keeps the `<`
        .word *, *+2, *-$1000, end-start
        lda (ZP),y
        lda (ZP,x)
        lda (ZP , x)
        lda ((ZP)),y
        lda (ZP+1),y
        jmp (VEC)
        jmp (VEC+2)
        jmp ((VEC))
        lda TAB,x
        sta TAB,y
        ldx ZP,y
        lda !ZP             ; absolute
        lda !$0012,x
        ldx !$12,y
        lda # 1
        .text "abc"
        .byte "a", "a"+1
        .word "ab"
        .byte 1,
        .ifpl $8000
        .byte 1
        .else
        .byte 2
        .endif
        .ifmi 1-2
        .byte 3
        .endif
        .ifpl $7fff
        .byte 4
        .endif
        .if 2-2
        .byte 5
        .endif
load    .macro
        lda #@1+1 ; @1 in a comment too
        .text "@2"
        .byte \3
        .endm
        #load 2*3, "xyz", 7
        #load 1, abc, 2
        .logical $4000
        *= $1080            ; the address itself, also in .logical
        .here
        lda later+1
        jmp later
later   rts
end     = *
