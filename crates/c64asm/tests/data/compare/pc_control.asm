; 64tass: -a -C | -a
; program counter, compile offset, .logical, .offs, .align, gaps, .fill
* = $1000
start   lda #1
        .fill 3
        .fill 4, $ea
        .fill 5, [1, 2]
        .fill 3, ?
        .align 16
        .byte 1
        .align 8, $ff
        .byte 2
        .align $100, 0
page    .byte 3
* += 2
        .byte 4
*       = * + 3
        .byte 5
zpcode  .logical $02
wrbyte  sta $ffff
        inc wrbyte+1
        bne +
        inc wrbyte+2
+       rts
        .here
        ldx #size(zpcode)-1
-       lda zpcode,x
        sta wrbyte,x
        dex
        bpl -
        .logical $c000
inner   .word inner
        .logical $e000
inner2  .word inner2, *
        .here
        .word *
        .endlogical
        .word *
        .offs 4
        nop
        .offs -2
        .byte $aa
        .word *
