; 64tass: -a | -a -B
; errors in 64tass's order, with -Wpitfalls notes
; An anonymous label not defined is an error value, as a name is: shown where
; the value is used. `jmp @b ++` and `bsr @b ++` refuse their size before
; their operand is read, so only the size is reported; the others use it.
	.cpu "65ce02"
	* = $1000
	jmp @b ++
	bsr @b ++
	lda ++
	bne ++
	.byte <++
	jmp @w ++
	ldx ++,y
	jmp @b --
	lda --
+	rts
