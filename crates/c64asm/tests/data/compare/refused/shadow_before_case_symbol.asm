; 64tass: -a -Werror -Wshadow -Wcase-symbol | -a -Wall -Werror -Wcase-symbol
; errors in 64tass's order, with -Wpitfalls notes
; With -Werror, so that the order is compared. A name read inside a block that finds the block's own symbol, spelt
; otherwise, while an outer symbol of the same name holds another value:
; 64tass's lookup reports the shadow as it finds the symbol, then the case
; mismatch of what it found (c64kit gave the two the other way round).
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

border  = $d020
start   .block
Border  = $d021
        lda #0
        sta BORDER
        rts
        .bend
