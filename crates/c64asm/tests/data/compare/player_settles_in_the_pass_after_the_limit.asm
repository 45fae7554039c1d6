; 64tass: -a | -a -L
; 64tass counts a pass before it tests the count against its limit of 20,
; so it runs a 21st pass before it gives up, and a source that settles in
; that pass is assembled. Here a replay routine's tables are padded to a
; length read from the previous pass: the padding grows by one byte a pass
; until it reaches its cap, and the table starts settle in the 21st pass
; (c64kit stopped after 20 with "can't calculate stable value" and "too
; many passes").
*		= $1000

init:
		JMP	setup		; player init
play:
		JMP	tick		; player update

setup:
		LDA	#$0F
		STA	$D418
		LDX	#2
clear:
		LDA	#0
		STA	voice_pos,X
		DEX
		BPL	clear
		RTS

tick:
		LDX	#2
next_voice:
		LDY	voice_pos,X
		LDA	freq_lo,Y
		STA	$D400
		LDA	freq_hi,Y
		STA	$D401
		INC	voice_pos,X
		DEX
		BPL	next_voice
		RTS

pad_start:
		.FILL	(pad_end - pad_start + 1) < 19 ? pad_end - pad_start + 1 : 19, $EA
pad_end:

freq_lo:	.BYTE	$16, $27, $38, $4B, $5E, $73
freq_hi:	.BYTE	$01, $01, $01, $01, $01, $01
voice_pos:	.BYTE	0, 0, 0
