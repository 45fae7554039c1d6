; 64tass: -a | -a -C
; A data conversion out of range (`sint(32768)`) is reported at once and
; goes on as zero bytes of its size, as in 64tass: a symbol it defines is
; defined, and that value is a byte string. A byte string longer than what
; a value needs is too large whatever its bytes are.
        * = $1000
x       = sint(32768)
        .byte x
y       := sint(32768)
        .byte y
z       .var sint(32768)
        .byte z
w       :?= sint(32768)
        .byte w
y       ::= sint(32769)
        .byte y
        .byte [x"00"[5], sint(32768)]
        .byte [sint(1)]
        .byte x"0000"
        .word x"000000"
        .char x"0000"
        .char ~x"ffff"
        .byte ~x"ffff"
        lda #x"0000"
        .byte -x"0000"
        .byte x"00", ~x"ff", x"ff"
        .word x"0000", x"ffff"
