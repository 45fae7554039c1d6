; 64tass: -a -Wshadow | -a -Wall
; A label that hides an outer label of the same address, size and type, with
; nothing defined under either, is the same value: no shadow warning (a macro
; that ends with 'entry:' right before the program's own 'entry:').
; seen in davidgiven/cshell: BASIC_HEADER macro ends with "entry:" right before the program's own "entry:"
M .macro
	.word entry
entry:
.endm
* = $1000
	M
entry:
	rts
b .block
	.word lbl
lbl:
.bend
lbl:
	nop
