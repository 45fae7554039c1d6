; 64tass: -a | -a -c | -a --m4510
; An operand size forced with @b, @w, @l on an address not known yet takes the
; size asked for, even where the instruction has no such mode (the error comes
; once the address is known); a size refused for a known address takes none.
; An unused .proc is laid out in the first pass only, so its labels show it
; (--dump-labels; found by tools/asm-mutation-compare).
        * = $1000
        lda #1
        jsr used
        rts
used    .proc
        sta @w later,x
        rts
        .pend
unused  .proc
        lda @l later
one     lda @l later,y
two     ldx @l later
three   stx @w later,y
four    ora @l later,x
five    jmp @l later
six     jmp @b later
seven   lda @l (later),y
eight   nop
        .pend
later = $12
