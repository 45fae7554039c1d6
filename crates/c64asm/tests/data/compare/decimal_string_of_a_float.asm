; 64tass: -a | -a -C -Wall | -a -Wno-deprecated
; The deprecated decimal-string operator `^` on a float: 64tass makes the
; float's own text ("-204.0", "2.5", "1e+20"), as `repr()` shows it, not the
; digits of its integer part; an integer, a bool and a string's value keep
; their digits. Table text made this way changes length, so every byte after
; it moves.
        * = $1000
half    = 2.5
        .text ^half, "-", ^(-204.0), "-", ^127.0, "-", ^1e20, "-", ^(1/3.0), "-"
        .text ^(-0.0), "-", ^(half * 4), "-", ^(2 ** -2), "-", ^(pi * 1000), "-"
        .text ^204, "-", ^(-5), "-", ^true, "-", ^"7", "-", ^$ff, "-"
        .byte len(^(half * 2)), len(^10)
        .byte len(^(pi * 1e10)) + <*
        .text format("%s", ^float(3))
        .null ^(100 / 8.0)
        rts
