; 64tass:  |  -C
; Regression from a public 64tass project: labels logical star expr.
*       =       $1000
        .logical *+$1000
A       nop
        .here
        .logical $3000
        nop
B       nop
        .logical *+$100
C       nop
        .here
        .here
