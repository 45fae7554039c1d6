; 64tass: -a
; A name not defined as the first part of dotted names at the start of
; lines (`zz.k := 4`) is reported as a read of it is: once per name and
; scope searched in a pass (c64kit reported it at every line), here and in
; an expression after it; another scope searches again.
        * = $1000
zz.k    := 4
zz.k    = 4
zz.k    += 4
        .byte zz
inner   .block
zz.m    = 5
        .bend
ns      .namespace
        .endn
ns.a.b  = 1
ns.a.c  = 2
        .byte ns.a
        rts
