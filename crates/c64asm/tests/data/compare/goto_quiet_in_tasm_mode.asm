; 64tass: -a -T | -a -T -Wall | -a -T -Wno-deprecated | -a
; .lbl and .goto are TASM's: 64tass warns of them as deprecated only outside
; -T (a test suite built with -T generates its tables with a .goto loop and
; got no warning from 64tass, sixteen from c64kit).
        * = $1000
shifts
n       .var 0
again   .lbl
        .byte (n*2)&255
n       .var (n+1)&255
        .if n
        .goto again
        .endif
