; 64tass: -a -x | -a -x -X
; Data across the end of the 64 KiB image on the 65816: without -X the
; offset wraps, and the listing's program counter goes back 64 KiB with it
; (in bank $12 as in bank 0, where it wraps to bank $ff).
        * = $fff0
        .logical $12fff0
        .fill 32,1
        nop
        .here
        * = $ffe8
        .logical $1000
        .fill 32,2
        .here
