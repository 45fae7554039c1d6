; 64tass: -a -C --m65xx | -a --m65xx
; An Atari-style equates page: each name is a label at the current
; address, then `* =` moves on (`NAME * = $addr`, written with spaces,
; with a colon, and after an anonymous label), as a game that lays its
; tables out by hand writes them.
        * = $4700
start   lda #<TXTWDW
        ldx #>TXTWDW
        sta STKTAB,x
        rts

; -------------------------------------
; -------------------------------------
                * = $6450
ArrowTbl        .fill 32                ; arrow shapes
TXTWDW          * = $6CB1
STKTAB          .fill 16                ; a joystick decoding table
SSNCOD          .fill 12
TRNTAB:         * = $6D00
        .byte 1, 2, 3
-       * = $6E00
        .word TXTWDW, TRNTAB, -
HERE	*	=	$6F00	; tabs around the sign
        .byte <HERE, >HERE
