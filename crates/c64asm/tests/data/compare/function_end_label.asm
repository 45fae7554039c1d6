; 64tass: -a -C
; A label on the `.endf` line of a `.function` called as a statement (`+
; .endf` ends a 16-bit increment's skip) is not listed, as on `.endm`.
        * = $1000
inc16   .function addr
        inc addr
        bne +
        inc addr+1
+       .endf
dec16   .function addr
        ldy addr
        bne +
        dec addr+1
+       dey
        sty addr
        .endf
clear   .function addr, n=4
        ldx #n-1
        lda #0
-       sta addr,x
        dex
        bpl -
done    .endf
        inc16 $20
        #inc16 $22
        dec16 $24
        clear $0400
        clear $0500, 8
        rts
