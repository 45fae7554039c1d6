; 64tass: -a | -a -C
; A `.virtual` whose address is not known (yet) still runs its block where
; the code is, but its label is only defined once the address was read:
; `--dump-labels` lists no value for it from a pass where it was not known.
; Here the address is a name no pass finds from inside the routine, which
; only the first pass assembles (nothing calls it).
        * = $1000
unused  .proc
        nop
buffer  .virtual nowhere
length  .word ?
        .endv
after   nop
        .pend
other   .proc
nowhere nop
        .pend
        rts
