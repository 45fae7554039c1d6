; 64tass:  |  -C
; Regression from a public 64tass project: label address type.
        * = $1000
A       = *
B       = * + 2
C       = $1234         ; a plain number: not in --vice-labels in either tool
lab     nop
E       = lab
F       = lab + 1
