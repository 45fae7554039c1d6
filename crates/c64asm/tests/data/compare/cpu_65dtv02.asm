; 64tass: -a -t | -a --m65dtv02 -B -Wlong-branch
; The C64 DTV's 6502: bra, sac and sir, and the undocumented opcodes it has.
* = $1000
start   bra +
        sac #$11
        sir #$22
+       lax #$12
        lax $12,y
        lxa #1
        ane #1
        xaa #1
        arr #1
        asr #1
        alr #1
        slo $12
        rla ($12),y
        sre $1234,y
        rra ($12,x)
        sax $12,y
        dcp $1234
        isc $12,x
        gra start
        gra +
        nop
+       jmp ($12ff)
        rts
