; 64tass: -a -C -Wunused | -a -Wunused-label -Wunused-const | -a -Wunused-variable -Wunused-macro | -a -Wall
; labels in any order: 64tass keys anonymous scopes (macro and function calls, blocks) by pointer
; -Wunused: every symbol of the last pass that nothing read, reported at its
; last definition as 64tass does: labels, constants, variables (also one set
; again before it was read), and macros, structures, functions and namespaces
; as "macro". Used scopes are looked into, unused ones are not.
        * = $1000
SCREEN  = $0400                         ; used
BORDER  = $d020                         ; never read
count   := 0
count   := 1                            ; the 0 was never read
        .byte count
spare   .var 5
copy    .macro src, dst                 ; used: its calls' labels count
loop    lda \src
again   sta \dst
        bne loop
        .endm
unused_m .macro
        .endm
        #copy SCREEN, $0500
clear   .segment
        nop
        .endm
double  .function x
half    = x / 2
        .endf x * 2
        .byte double(3)
never_f .function
        .endf
sq      .sfunction x, x * x
point   .struct
px      .byte ?
py      .byte ?
        .ends
at      .dstruct point
        lda at.px
io      .namespace
port    = 1
spare_io = 2
        .endn
        lda #io.port
main    .proc                           ; used: its inner labels are looked at
        ldx #0
_next   inx                             ; a cheap local, never read
-       dex
        bne -
+       rts
        .pend
        jsr main
idle    .proc                           ; unused: not looked into
inner   rts
        .pend
table   .block
first   .byte 1
second  .byte 2
        .bend
        lda table.first
        .block
hidden  nop
        .bend
        .bfor i = 0, i < 2, i += 1
step    .byte i
        .next
        .weak
SPEED   = 3
        .endweak
        lda #SPEED
target  .lbl
