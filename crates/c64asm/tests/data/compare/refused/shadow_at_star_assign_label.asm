; 64tass: -a -Werror -Wshadow | -a -Wall -Werror
; errors in 64tass's order, with -Wpitfalls notes
; With -Werror, so that the order is compared. `name *= value` where the name is no variable defines a label and sets
; the program counter (-Wstar-assign). The name is looked up first, as
; any compound assignment's is, so once the block's own label exists and
; an outer symbol of the name holds another value, -Wshadow reports it,
; before the star-assign warning (c64kit looked it up without the check).
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

buffer  = $c000
start   jsr fill
        rts

fill    .block
buffer  *= *
        ldx #0
        txa
-       sta buffer,x
        inx
        bne -
        rts
        .bend
