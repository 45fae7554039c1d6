; 64tass: -a -Walias | -a -C -Walias | -a
; -Walias past the 65C02: each processor's own other names (`eom` for `nop`
; on the 4510, `tad` for `tcd` on the 65816), and a name that is an alias on
; one processor and not on another (`tas` is `shs` on the NMOS 6502 with its
; undocumented opcodes, `tcs` on the 65816; `clr` is no alias on the 65CE02).
        * = $1000
        .cpu "6502i"
        tas $1234,y
        .cpu "65816"
        tad
        tas
        tda
        tsa
        swa
        clp #$30
        csp #1
        jml $123456
        jml [$1234]
        clr $12
        hlt
        .cpu "65el02"
        swa
        clp #$20
        hlt
        .cpu "65ce02"
        rtn #2
        dea
        ina
        .cpu "4510"
        eom
        map
        rtn #0
        .cpu "w65c02"
        hlt
        clr $12
        .cpu "65dtv02"
        alr #1
        xaa #1
