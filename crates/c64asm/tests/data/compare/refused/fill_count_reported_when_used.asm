; 64tass: -a | -a -C
; errors in 64tass's order, with -Wpitfalls notes
; `.fill` and `.align` read both their values before using them: the
; count's error is reported when it is used, after what the fill value
; reports while it is evaluated (`format()` with an argument not defined
; says so at once), and a fill value whose count failed is not used, so
; its own errors stay in it. c64kit stopped at the count (found by mutating
; an Atari 2600 game's bank end, `.fill BankEndAddress - *, format(...)`).
        * = $1000
        .fill nope1 - *, format("%d-%d", year, 12)
        .fill nope2 - *, nope3 + 1
        .align nope4, format("%c", nope5)
        .fill 3, format("%d", nope6)
        .fill 1/0, 2/0
