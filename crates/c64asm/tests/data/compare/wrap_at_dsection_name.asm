; 64tass: -a | -a -Wall
; A section placed by `.dsection` where the logical program counter then
; crosses a bank: the enclosing section skips the section's bytes and
; reports "processor program counter crossed bank" at the section's name,
; where 64tass reads it (c64kit said it at the `.dsection` directive's
; column). The section's own bytes report it at their value as before.
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

        .section bankcode
irq     inc $d019
        .fill 10, $ea
        jmp $ea31
        .send

start   sei
        lda #<irq
        sta $0314
        cli
        rts

        .logical $fff4
        .dsection bankcode
        .here
        rts
