; 64tass: -a
; An immediate where data is wanted: `#` makes an address, which `.byte`,
; `.word` and `.fill` can't take as an integer. 64tass reports it at the
; `#` (the address's own place), in brackets too; inside an operation the
; operation's start is the place, as for any value. A table macro that
; passes its `#value` argument on to `.byte` is reported at the call.
        * = $1000
        .byte #1
        .word #$1234+2
        .byte (#3)
        .byte 4+#5
        .fill #6
entry   .macro value
        .byte \value
        .endm
        #entry #7
