; 64tass: -a
; errors in 64tass's order
; A list or tuple operand makes the instruction once per element, and an
; element that fails is reported without stopping the others, as 64tass
; does: each name not defined in `lda (v,w),y` (the indirect of each of `v`
; and `w`), each bank too large in `lda #(1,$1234,2,$2345)` (placed at the
; tuple's bracket after `#`).
	.cpu "65816"
	* = $1000
	lda (v1,w1),y
	lda [v2,w2],y
	lda #(v3,1,w3)
	lda #[[v4,w4],u4]
	lda (v5,[w5,u5]),y
	jmp (v6,w6)
	lda #(1,$1234,2,$2345)
	lda #(v7,$1234)
	rmb (v8,w8),3
	lda (v9,sp),y
	lda #(1,2)
