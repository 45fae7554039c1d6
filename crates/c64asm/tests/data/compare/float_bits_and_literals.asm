; 64tass: -a -C | -a
; Floats as 64tass 1.58 computes them: bitwise operators on floats (and a
; float with an integer), literals read from exact digits with C's pow()
; for the exponent, integers summed from 32-bit digits when they become
; floats, deg()/rad() in C's order, abs() keeping -0.0.
*       = $1000
        .text repr(-1 | 465387837484.348p5), " ", repr(-367.6e-11 * 5 & 9223372036854775807)
        .text " ", repr(1.5 | 2.25), " ", repr(-1.5 & -2.25), " ", repr(-1.5 ^ -2.25)
        .text " ", repr(1.0 | -1e-300), " ", repr(0.0 | -1e-300), " ", repr(1024.0 & -1e-30)
        .text " ", repr(3.75 & 7), " ", repr(-3.75 ^ 7), " ", repr(-0.25 & 2.0 ** 60)
        .text " ", repr(deg(1.05 ** 730e0) % $9c.4p0), " ", repr(tan(deg(410246993663.0404)))
        .text " ", repr(rad(2550212171)), " ", repr(abs(-frac(0))), " ", repr(abs(-2.5))
        .text " ", repr(int(8.403132390799044e+70)), " ", format("%.17g", 0.1e-7)
        .text " ", format("%.17g", 123456789012345678901234567890.5), " ", repr(float(2 ** 64 + 2 ** 11 + 1))
        .text " ", format("%.17g", $1.fffffffffffffffffp3), " ", format("%.17g", %1.0101e-3)
        .text " ", format("%.17g", 31415926535897932384626e-22)
