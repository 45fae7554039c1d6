; 64tass: -a -C
; A macro line whose last arguments are empty, as a calling-convention
; library writes its call macro (`\op \lo \hi` with both left out). 64tass
; drops the blanks at a line's end when it reads the line, before the
; arguments go in: the blanks in front of an empty argument stay, and the
; listing shows them (`tya` and a tab and a blank). Blanks at the end of
; the macro's own line do not show.
        * = $1000
callsub .macro  target,op=tya,lo=,hi=
	\op	\lo \hi
        jsr \target
	\op	\lo    
        \op \lo	; \hi
        .endm

        #callsub sub
        #callsub sub,lda,#1
        #callsub sub,ldx,#2,+3
        #callsub sub,txa
sub     rts
