; 64tass: -a | -a --nostart
; A source whose addresses never settle is given up after the 21st pass
; (64tass counts a pass before testing it against its limit of 20), and
; its errors are that pass's: here the program counter is set to a label
; defined after it, so every pass moves the label by the bytes between
; them, and the branches over them are out of range by the 21st pass's
; distances (c64kit stopped a pass early, with distances one pass short).
*		= $1000

loc_1000:
		JMP	loc_1010	; player init
loc_1003:
		LDA	byte_1020,X
		BMI	loc_1030
		BCC	loc_1030
*		= byte_1020
		.BYTE	$00, $07, $0E, $15, $1C, $23, $2A, $31
		.BYTE	$38, $3F, $46, $4D, $54, $5B, $62, $69
byte_1020:
		.BYTE	$FF
loc_1010:
		LDA	#$1F
		STA	$D418
loc_1030:
		RTS
