; 64tass: -a
; errors in 64tass's order
; A compound assignment of the program counter that its operator refuses
; is reported at the operator, as 64tass places an operator's failure.
	* = $1000
* /= 0
* x= 2
* .= 1
