; 64tass: -a -C -Wunused | -a -Wunused-label | -a -C -Wall -Wunused
; labels in any order
; -Wunused with labels a loop makes: 64tass gives each message once for
; one place and call chain, so a loop's repeated lines warn once, while a
; structure placed twice or a macro called twice warns for each.
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

kTiles = 4
sTile   .struct
hi      .byte ?
lo      .byte ?
        .ends

tileA   .dstruct sTile
tileB   .dstruct sTile

rolChar .macro
        asl \1
_spare  rol \1+8
        .endm

start   ldx #7
-       lda font,x
        sta buffer,x
        dex
        bpl -
        .for c = 0, c < kTiles, c = c + 1
        lda font+c
        asl a
        rol font+c
+
        .next
        .rept 3
-       nop
        .endrept
        .for row = 0, row < 2, row += 1
        .block
edge    lda font+row
        sta buffer+row
        .bend
        .next
        #rolChar font
        #rolChar buffer
        lda tileA.hi
        sta tileB.lo
        rts

font    .fill 16
buffer  .fill 16
