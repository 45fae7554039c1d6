; 64tass: -a
; errors in 64tass's order, with -Wpitfalls notes
; A missing argument or an unknown argument name is reported as the
; expansion's line that names it is read, among the errors of the lines
; around it, as 64tass substitutes each line when it reads it (also in a
; false `.if`, once in a `.rept`); on one line, in the line's order.
	* = $2000
pt	.struct x, y
	.byte \x
	.byte 300
	.word \y, \z
	.ends
m	.macro a
	nop
	lda \b
	lda nosuch2
	.byte \a
	.endm
p1	.dstruct pt, 1
	#m
	#m 2
n	.macro
	lda nosuch3
m2	.macro q
	.byte \q, \2
	.endm
	#m2 5
	.endm
	#n 1
m3	.macro
	.if 0
	lda #\2
	.endif
	lda undefined1
	.rept 3
	lda undefined4
	lda #\3, \zz
	.endrept
	.byte \4
	.endm
	#m3 1
	#m3 1
