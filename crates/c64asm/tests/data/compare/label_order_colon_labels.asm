; 64tass: -a -C | -a
; A label written with its colon (`name:`) is defined without being looked up
; first, as a labelled directive is: in the last pass 64tass's table of the
; scope grows when it holds 5 names (8 slots, then 16) or 10 (then 32),
; which moves the names in the label lists.
        * = $1000
fdc     .struct
status:
command:
        .fill 1
track:
        .fill 1
sector:
        .fill 1
data:
        .fill 1
        .ends

regs    .block
status:  nop
command: nop
track:   nop
sector:  nop
data:    nop
        .bend

plain   .block
status   nop
command  nop
track    nop
sector   nop
data     nop
        .bend

wide    .block
status:  nop
command: nop
track:   nop
sector:  nop
data:    nop
drive:   nop
side:    nop
head:    nop
step:    nop
motor:   nop
        .bend

        lda regs.data
        lda plain.data
        lda wide.motor
        rts
