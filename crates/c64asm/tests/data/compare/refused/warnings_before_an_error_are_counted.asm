; 64tass: -a | -a -w | -a -Wall | -a -Wno-jmp-bug
; A failed run shows its errors only, but 64tass still counts the warnings
; it found before them in its "Warning messages:" line (none with -w or
; with the warning turned off).
        * = $1000
        jmp ($10ff)             ; -Wjmp-bug, on by default
        lda ($12),y
        ldx #1
        lda #1 "x"              ; an operator is expected
