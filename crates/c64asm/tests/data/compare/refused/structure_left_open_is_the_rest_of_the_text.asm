; 64tass: -C | -C -a
; errors in 64tass's order, with -Wpitfalls notes
; A structure or union whose closer never comes is the rest of the text:
; 64tass lays that out as the body (reporting what is wrong in it, a closer
; of an outer block included) before it reports the closer missing, and
; nothing after it is assembled outside it, so an outer block opened
; before stays open. c64kit reported the closer missing at once and went
; on with the lines after the definition as ordinary ones (found by
; mutating a table of BASIC routines' addresses).
        .weak
        * = $1000
        .byte 1
point   .struct
x       .byte ?
        .endweak
        .byte 300
        lda #1
y       .word 1/0
pair    .union
a       .byte ?
