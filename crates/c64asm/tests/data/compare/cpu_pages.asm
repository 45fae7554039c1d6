; 64tass: -a | -a -i | -a --m65c02 -Wall
; .dpage, .databank and the register sizes apply on the 6502 too, as in 64tass.
* = $1000
        .dpage $400
start   lda $456
        lda $456,x
        lda ($480),y
        lda $12
        ldx $410,y
        .dpage ?
        lda $12
        lda #$12,d
        .dpage 0
        lda $12
        .al
        lda #$1234
        and #$ff00
        .xl
        ldx #$1234
        cpy #$100
        .as
        .xs
        lda #$12
        lda @w #$12
        ldy @w #1
        lda #0,b
        lda $1234,b,x
        rts
