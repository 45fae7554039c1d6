; 64tass: -a
; errors in 64tass's order
; `name .= value` is the member operator between the variable's value and
; the new one, which no value takes: its error is kept in the variable and
; reported where the variable is read, at the `.=` (once per element of a
; list); a name not defined on the right is that error. A constant is not
; a variable.
	* = $1000
q1 := 1
q1 .= 2
	.byte q1
q2 := [1, 2]
q2 .= 1
	.byte q2
q3 := "ab"
q3 .= undefined1
	.byte q3
q4 := 1
q4 .= 2
q4 := 3
	.byte q4
c1 = 3
c1 .= 1
q5 := {1: 2}
q5 .= (1, 2)
	.byte q5
q6 := 4
q6 .= 5
