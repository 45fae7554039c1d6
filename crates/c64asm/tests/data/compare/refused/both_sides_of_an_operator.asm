; 64tass: -a | -a -C
; An operator whose one side fails at once (a function's range error) still
; evaluates the other: an error that side holds is reported too, where it
; is, as 64tass does. An error value on the left is the result, so the right
; side's error value is not.
        * = $1000
        .byte x"00"[5] < sint(32768)
        .byte sint(32768) < x"00"[5]
        .byte sint(32768) < sint(32769)
        .byte x"00"[5] < x"00"[6]
        .byte x"00"[5] + 1 + sint(32768)
        .byte -x"00"[5] + sint(32768)
        .byte (x"00"[5], 1)[0] < sint(32768)
        .byte nothere + x"00"[5]
        .byte x"00"[5] + nothere
        .byte nothere < sint(32768)
        .byte 1/0 + x"00"[5]
        .byte x"00"[5] + 1/0
        .byte sint(32768) < ("a" + 1)
        .byte (1/0) + sint(32768)
