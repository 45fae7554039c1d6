; 64tass: -a
; errors in 64tass's order
; `mvn`/`mvp` report each bank's fault in turn, the first operand's before
; the second's: a value not defined (then its addressing mode is not looked
; at), else an addressing mode refused, else a bank too large (at the
; operand's `#`). A name not defined is reported once.
	.cpu "65816"
	* = $1000
	mvn undefined1, undefined2
	mvn $123456, $234567
	mvn $123456, undefined3
	mvn undefined4, $234567
	mvn (1), $234567
	mvn $1234, (2)
	mvn #$1234, #$2345
	mvn 1.5, "ab"
	mvn -1, -2
	mvp #undefined5, #$1234
	mvp undefined6, (1)
	mvp (1), undefined7
	mvp (undefined8), 1
	mvp 1, (undefined9)
	mvp #undefined1, 1
	mvn 1, 2
