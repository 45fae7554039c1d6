; 64tass: -c -B
; A pseudo branch ('gra', 'gcc'...) to a label not known yet is the
; two-byte branch in that pass, as in 64tass (it was a three-byte jmp):
; the pass after sees the sizes 64tass sees, and a '-B' branch on the edge
; of its reach stays short ('bne far' here, 127 bytes, was turned around).
        * = $1000
        bne far
        gra +
+       .fill 125
far     rts
