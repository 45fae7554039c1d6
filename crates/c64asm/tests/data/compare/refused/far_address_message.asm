; 64tass: -a -x
; A call table of routines in other banks, declared with `address()`: a
; `jsr`/`jmp` to one from bank 0 is refused, and the message quotes the
; value as 64tass's `str` writes it ('$84a2cd', not 'address($84a2cd)').
        * = $1000
farcall = address($84a2cd)
        jsr farcall
        jmp farcall
        jsr address($83cdc8) + 1
        rts
