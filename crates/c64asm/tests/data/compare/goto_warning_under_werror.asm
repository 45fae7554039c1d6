; 64tass: -a -Werror | -a -Wall -Werror
; `.goto` outside TASM mode warns "deprecated directive" under a name no -W
; switch gives: -Werror leaves it a warning and the program is written.
        * = $1000
n       .var 0
again   .lbl
n       .var n + 1
        .byte n
        .if n < 3
        .goto again
        .endif
        rts
