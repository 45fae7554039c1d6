; 64tass: -a -C | -a | -a -C -Wall
; A constant that nothing read since its last definition doesn't make what
; its value names used: a `.proc` only it names is left out. The ROM idiom:
; a default given in `.weak` and overridden by a stronger definition below
; still names the routine of the default, which must not be assembled.
        * = $8000
        .weak
irq_handler = default_irq       ; the default, overridden below
nmi_handler = default_nmi       ; the default, kept
        .endweak
irq_handler = my_irq
        jmp (vectors)
vectors .word irq_handler, nmi_handler
default_irq .proc               ; only the overridden default names it
        inc $d019
        rti
        .pend
default_nmi .proc               ; used through the kept default
        rti
        .pend
my_irq  .proc
        lda #1
        rti
        .pend
spare   = unused_helper         ; a constant never read
unused_helper .proc
        ldx #0
        rts
        .pend
alias   = helper                ; read below: the proc is used
helper  .proc
        rts
        .pend
        jsr alias
io      .block
border  = $d020
        .bend
missing = io.nothing            ; never read: no error in later passes
        .byte size(default_nmi), size(my_irq), size(default_irq)
