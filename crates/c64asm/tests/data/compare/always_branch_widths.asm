; 64tass: -a -C | -a | -B
; `gxx` pseudo branches with a width: `@b` is always the 2-byte branch
; (even to the next line), `@w` always the `jmp`; without one, a branch
; when it reaches, nothing when it would go to the next line.
*       = $c000
loop    gne @b next             ; d0 00: kept, not dropped
next    gcc @b loop
        gvc @w loop             ; 4c: a jump even though a branch reaches
        glt @w * + 2
        geq @w far
        gpl @b * + 3
        gne next2
next2   gmi @b * + 129
        rts
*       = $c100
far     rts
