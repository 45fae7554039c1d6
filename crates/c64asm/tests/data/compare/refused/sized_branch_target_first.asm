; 64tass: -a | -a -c | -a --m65816 | -a --m65ce02
; Source written for an assembler whose local labels start with `@`: 64tass
; reads `@w`/`@l`/`@b` in front of the name as an address size. A branch
; reads its target before it checks the size, so an undefined target is
; reported and then the size refused (`@b` branches are fine); other
; instructions check the size first. A register where a value was meant
; (`p`) is refused and the line goes on without a value, so `jmp @lp` and
; `bne @lp` are refused for their size as well; `lda @wp` is not.
        * = $1000
start   ldx #8
        bne @wait
        beq @leave
        bcc @back
        gne @wdone
        gne @lquit
        bne @lp
        jmp @lp
        beq @wp
        lda @wp
        beq p
        jmp @lout
        rts
