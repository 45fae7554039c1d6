; 64tass: -a --m65816 | -a --m65816 -X
; A `jsl` or `jml` to an address not known yet is laid out in 2 bytes, as
; 64tass counts it then; the labels of a `.proc` nothing calls keep that
; first layout (`--dump-labels`), as in a C256 kernel's uncalled routines.
; With `@l` the 4 bytes asked for are kept.
        * = $1000
start   jsl far_away
        jml far_away
        jsl @l far_away
        jsr near
unused  .proc
loop    nop
        jml loop
        .pend
near    rts
        * = $012000
far_away
        rtl
