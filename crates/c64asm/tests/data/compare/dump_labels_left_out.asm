; 64tass: -a -C | -a
; `--dump-labels` lists every symbol 64tass has: also a `.proc` nothing
; calls (left out of the program and of the other label lists) and what it
; defines, a structure's and a union's fields, and a `.weak` default that a
; definition before it overrides. The other label lists leave them out.
        * = $1000
speed   = 3                             ; overrides the default below
        .weak
speed   = 1
colour  = 14
        .endweak
point   .struct
x       .word ?
y       .byte ?
        .ends
cell    .union
char    .byte ?
both    .word ?
        .endu
start   jsr used
        rts
used    .proc
count   = 4
        ldx #count
        rts
        .pend
unused  .proc                           ; never called: not assembled
limit   = 9
loop    dex
        bne loop
        rts
        .pend
io      .namespace
border  = $d020
        .endn
here    .dstruct point
        .byte speed, colour, io.border & 255
