; 64tass: -a -x | -a -x -B -Wlong-branch | -a --m65816 -Wall
; The 65816: long addresses and their bank and direct page rules, word
; immediates (.al/.xl and .autsiz with rep/sep), block moves, stack
; variables, long jumps and calls, brl/per/pea/pei, -B making a brl.
dp      = $10
param   = #1,s
const   = #$1234
far     = $123456
* = $8000
start   clc
        xce
        rep #$30
        .al
        .xl
        lda #$1234
        ldx #$5678
        ldy #<>start
        ldy #`far
        sep #$20
        .as
        lda #$12
        lda @w #$12
        ldx @b #$12
        .autsiz
        rep #$10                ; index registers wide
        ldx #$1234
        ldx const
        sep #$30
        ldx #$12
        rep #$20
        lda #$abcd
        .mansiz
        sep #$20
        lda #$abcd              ; still wide: .mansiz
        .as
        lda far
        lda far,x
        sta far & $ffff         ; absolute: data bank 0
        lda [dp]
        lda [dp],y
        lda param
        lda param+1
        lda (param),y
        sta 3,s
        lda #0,b
        lda #dp,d
        jsl far
        jml far
        jml [table]
        jmp [table]
        jmp (table)
        jmp (table,x)
        jsr (table,x)
        jsr sub
        jmp sub
        jmp @w sub
        per data
        pea data
        pea #data
        pei (dp)
        pei dp
        mvn `far,`start
        mvp #$7e,#$7f
        brl sub
        bra +
        nop
+       bcc sub
        cop
        cop #3
        wdm #1
        phb
        phd
        phk
        plb
        pld
        rtl
        tcd
        tcs
        tdc
        tsc
        txy
        tyx
        xba
        swa
        lda s
        lda d
        sta s
        ldx y
        ldy x
        tsb dp
        trb $1234
        stz dp,x
        gra sub
        gne +
+       gcc +
        nop
+       stp
        wai
sub     rts
table   .word sub, start
data    .byte 1, 2, 3
; code in another bank: jumps stay in it
* = $9000
        .logical $7e1000
bank7e  jsr there
        jmp there
        jmp (table)
        jml bank7e
        lda there
        lda @l there
        .databank $7e
        lda there
        lda there,x
        lda there,y
        .databank ?
        lda $12
        lda $1234
        .dpage $1200
        lda $1234
        lda $1234,x
        .dpage ?
        lda $7e0012
        bne bank7e
        brl bank7e
        per bank7e
there   rts
vector  .word <>there
        .here
