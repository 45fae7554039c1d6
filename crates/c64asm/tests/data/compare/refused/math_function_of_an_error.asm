; 64tass: -a | -a -C
; A math function given an error value (`sin(log(-1))`, a table's formula
; gone wrong) is that error value in 64tass, not an error reported there:
; the expression goes on and its first error is the one reported, so the
; other side's failing function (`acos(-2)`) adds none. The byte
; conversions (`byte()`, `sint()`) still report theirs at once.
        * = $1000
        .byte sin(log(-1)) + acos(-2)
        .byte (atan(sqrt(-1)) ** acos(-2)) & 255
        .byte round(log(0)) + log10(-1)
        .char int(sin(acos(3))) - sqrt(-2)
        .byte len(str(log(-1))) + acos(-2)
        .byte abs(floor(log(-1))) + byte(300)
        .byte byte(log(-1)) + acos(-2)
        .word hypot(log(-1), 1) + pow(sqrt(-4), 2)
        .byte 128 + 127 * sin(rad(range(4) * 90) + log(-1))
