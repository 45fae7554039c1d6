; 64tass: -a -e | -a --m65el02 -Wall
; The 65EL02: stack and data stack relative modes, rep/sep with .autsiz,
; multiply and divide, the register stack and its own instructions.
zp      = $34
* = $1000
        .autsiz
start   rep #$30
        lda #$1234
        ldx #$5678
        sep #$30
        lda #$12
        lda 3,s
        sta (5,s),y
        adc 2,r
        sbc (1,r),y
        ora #3,r
        mul zp
        mul zp,x
        mul $1234
        div $1234,x
        mmu #1
        ent
        nxa
        nxt
        pea $1234
        pei (zp)
        per start
        rea $1234
        rea #$12
        rei (zp)
        rer start
        rha
        rhi
        rhx
        rhy
        rla
        rli
        rlx
        rly
        phd
        pld
        sea
        zea
        tad
        tda
        tix
        txi
        trx
        txr
        txy
        tyx
        lda d
        ldx r
        ldx i
        ldx y
        ldy x
        xba
        swa
        xce
        jsr (table,x)
        stp
        wai
        hlt
        clp #$30
        rts
table   .word start
