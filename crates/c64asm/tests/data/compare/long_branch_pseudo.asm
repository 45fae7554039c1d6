; 64tass: -Wlong-branch | -a
; labels in any order
; A pseudo branch (gXX) that has to become a JMP is a long branch:
; -Wlong-branch reports it at the operand, as 64tass.
 * = $1000
back nop
 gcc $1234
 gne *+3
 gcc +
+ nop
 geq far
 .fill 200
far rts
- gcs -
 gvs back
