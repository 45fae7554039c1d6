; 64tass: -a | -a -C
; A file read by `.binary` and then included: 64tass names it on a
; "Reading file:" line first, then on an "Assembling file:" line, in the
; order read (each once, however often it is read again either way).
        * = $1000
        .binary "read_both_ways.inc"
        .binary "read_both_ways.inc", 2
        .include "read_both_ways.inc"
        .include "read_both_ways.inc"
        .binary "read_as_binary_then_source.asm", 0, 4
        rts
