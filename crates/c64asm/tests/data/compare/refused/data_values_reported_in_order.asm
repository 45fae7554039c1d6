; 64tass: -a | -a -Wno-pitfalls
; errors in 64tass's order, with -Wpitfalls notes
; A data directive's values are stored one after another, and each one's
; error is reported as it is stored: a division by zero, an overflow or
; an undefined name in a later value comes after an earlier value that is
; too large, as 64tass reports them (c64kit reported every evaluation's
; error before any value's range; found by mutating a demo's tables).
; 64tass's -Wpitfalls notes are each given once a pass: text in `.byte`
; once, and "the signed directive is a better fit" once it has been given
; (a value no signed directive holds says nothing and doesn't use it up).
        * = $1000
        .byte 300, 1/0
        .byte "ab", 2
        .byte 1e20 ** 2, $fffe / 4.0, 255 % 0.0, -0.5 // 2, 255 / -1e-20
        .byte -0.5 ** 2, $100 / 4.0, $ffff % 0.0, -1e-20 // 2, $ffff / 2.5
        .word 70000, nope, 3, -3
        .char 200, (1/0) + (2/0), -200
        .byte [1, 300, 1/0], 400
        .byte float($fffe) / 2, int(-0.0), bool(-0.0), 3.14159 < 255
        .byte sinh(7.25) * 10, cosh(1e3) * 10, tanh(-0.5) * 100, deg(1e20)
        .long $1000000, -1, 1 / 0.0
        .byte 1, "cd"
