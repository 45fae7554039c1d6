; 64tass: -a -Wimmediate | -a -Wall -Wimmediate | -a
; -Wimmediate: a plain number on zero page where the instruction has an
; immediate form ('cpx 4': was '#4' meant?). Not for labels, address(n), forced
; widths, indexed modes or instructions without an immediate form. address(n)
; with no addressing-mode operator is the plain operand (it used to be refused).
zp = $fb
Label = 3
* = $1000
 lda zp
 ldx 4
 lda label
 lda Label
 inc 4
 bit 4
 lda 4,x
 lda @b 4
 lda address(4)
 lda zp2
 lda lbl
 sta 4
 cpy 3
 jsr $12
 lda $1234
lbl lda 3+1
zp2 = address($fa)
v .byte ?
 lda v
 lda v+1
 lda (4),y
 bne address($1010)
 jmp address($1234)
