; 64tass: -a --m65c02 | -a --mr65c02 | -a --mw65c02 -Wlong-branch | -a --m65c02 -B -Wlong-branch
; The CMOS 65C02's instructions and addressing modes, its pseudo branch
; `gra`, and the `.cpu` names of the family.
zp      = $fe
* = $1000
start   lda (zp)
        sta ($12)
        adc (zp)
        and (zp)
        cmp (zp)
        cpa (zp)
        eor (zp)
        ora (zp)
        sbc (zp)
        jmp (table,x)
        jmp (zp,x)
        jmp ($12ff)             ; no -Wjmp-bug: the CMOS chip fixed it
        bit #$80
        bit zp,x
        bit table,x
        inc a
        dec a
        ina
        dea
        phx
        phy
        plx
        ply
        stz zp
        stz zp,x
        stz table
        stz table,x
        clr table
        trb zp
        trb table
        tsb zp
        tsb table
        bra start
        bra next
next    gra next2
        nop
next2   gra +
        nop
        nop
+       gra *+2
        gra start
        gne start
        gcc +
        rts
+       bne start
        brk #$44
        .cpu "6502"
        lda (zp),y
        .cpu "default"
        lda (zp)
table   .word start, next
