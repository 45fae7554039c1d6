; 64tass: -a
; A label on `.end` is defined before the source stops, so it is in the
; label files; c64kit stopped before defining it.
        * = $1000
start   lda #0
        sta $d020
        rts
finish  .end
        nop
