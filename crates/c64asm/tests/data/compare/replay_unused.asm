; 64tass: -a -C -Wunused
; Symbols read only by lines that later passes could replay are still used;
; the unused ones are still reported.
* = $1000
used    = 5
unused  = 6
        lda #used
        ldx late
        lda #<code
code    rts
notread rts
late    = $12
