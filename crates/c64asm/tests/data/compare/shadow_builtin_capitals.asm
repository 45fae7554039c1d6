; 64tass: -Wshadow | -Wshadow -C | -Wall
; Atari equates written in capitals hide built-ins without -C: the warning
; names them as the definition spells them (RANDOM, Len), not folded.
POKEY   = $D200
RANDOM  = POKEY+10
Len     = 3
        * = $A000
start   lda RANDOM
        and #Len
        sta POKEY
        rts
COUNT   = 8
irq     .block
Count   = 4
        ldx #Count
        .bend
