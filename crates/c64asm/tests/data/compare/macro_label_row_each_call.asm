; 64tass: -a -L
; A label on a directive line of a macro body gets a listing row at each
; call, also when nothing was listed between the calls. c64kit took the
; second call's row for the first's placeholder and replaced it: one row
; for two calls.
        * = $1000
settle  .macro
        .rept 3
done    .breakif 1
        nop
        .next
        .endm
scope   .macro
here    .block
        .bend
        .endm
        #settle
        #settle
        #scope
        #scope
        rts
