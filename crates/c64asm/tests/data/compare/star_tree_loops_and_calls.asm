; 64tass: -a | -a -B
; Loops, macro and function calls in .procs used and unused, then branches
; and pseudo branches to labels ahead: each finds its own end from the last
; pass (64tass's star tree), so the labels of a .proc assembled only in
; pass 1 keep the values 64tass gives them.
m .macro
 nop
 .if \1 > 1
 beq +
 nop
+
 .fi
 .endm
f .function x
 .endf x*2
*= $1000
p0 .proc
 .rept 3
 nop
 .next
 .byte f(0)
 #m 0
 beq l1
 .fill 126
l1 nop
 .byte f(6)
 rts
 .pend
p1 .proc
 .for i = 0, i < 1, i += 1
 nop
 .next
 .rept 1
 nop
 .next
 geq l2
 .fill 50
l2 nop
 gne l3
 .fill 130
l3 nop
 .for i = 0, i < 1, i += 1
 nop
 .next
 rts
 .pend
p2 .proc
 .brept 1
 bne +
 nop
+ .next
 #m 1
 .rept 0
 nop
 .next
 .byte f(3)
 #m 1
 rts
 .pend
p3 .proc
 beq l4
 .fill 50
l4 nop
 .block
 bne +
 nop
+ .bend
 jsr p1
 rts
 .pend
main
