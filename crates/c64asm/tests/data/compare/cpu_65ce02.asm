; 64tass: -a --m65ce02 | -a --m4510 | -a --m65ce02 -B -Wlong-branch | -a --m4510 -Wall
; The 65CE02 (and the 4510 built on it): the Z register, the movable base
; page (.dpage), 16-bit branches chosen where 8 bits don't reach, bsr,
; word instructions, (zp),z and the stack-relative store and load.
zp      = $12
* = $1000
start   ldz #$12
        ldz $1234
        ldz $1234,x
        ldz a
        lda z
        tza
        taz
        inz
        dez
        inc z
        dec z
        phz
        plz
        cpz #1
        cpz zp
        cpz $1234
        lda (zp),z
        sta (zp),z
        adc (zp),z
        lda ($12,s),y
        sta (-2,s),y
        stx $1234,y
        sty $1234,x
        inw zp
        dew zp
        asw $1234
        row $1234
        asr
        asr a
        asr zp
        asr zp,x
        neg
        neg a
        tab
        tba
        tsy
        tys
        ldy s
        sty s
        sta b
        lda b
        cle
        see
        phw #$1234
        phw $1234
        jsr (vector)
        jsr (table,x)
        bsr sub
        bsr start
        rtn #2
        rts #0
        bcc near
        bcc far
        bcs far
        bne start
        bra far
        bge far
        blt far
        bcc @w near
near    rmb 3,zp
        smb 4,zp
        bbr 5,zp,near
        bbs 6,zp,start
        gcc +
        nop
        nop
+       gne +
        nop
+       gra start
        .dpage $2000
        lda $2012
        lda $2012,x
        lda ($2034),z
        inw $20ff
        .dpage 0
        lda $2012
        stz zp
        trb zp
        tsb $1234
        bit #1
        bit zp,x
        rts
sub     rts
vector  .word sub
table   .word sub, start
* = $2000
far     rts
