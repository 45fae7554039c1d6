; 64tass: -a | -a -C
; How many arguments a call takes, said and placed as 64tass does:
; format() counts what its string asks for (every conversion and `*`,
; even past a missing one) and names the count at its name; a function
; given too many at the first one too many, too few at the first
; argument (a statement call at the call) and goes on; a function of no
; parameters "expected no arguments".
        * = $1000
hex2    .function v, w
        .endf format("%02x%02x", v, w)
pad     .sfunction n, c=32, (n, c)
none    .function
        .endf 7
        .text format("%d-%d", 1)
        .text format("%d-%*d", 1, 2)
        .text format("%d", 1, 2)
        .text format("%s %x %c", "a")
        .text hex2(1, 2, 3)
        .text hex2(1)
        .byte pad(1, 2, 3)
        .byte pad()
        .byte none(1, 2, 3)
show    #hex2 1, 2, 3, 4
