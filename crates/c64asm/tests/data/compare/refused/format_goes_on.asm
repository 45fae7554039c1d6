; 64tass: -a | -a -C
; format() whose string asks for another count of arguments, or whose
; conversion fails, reports it at once and goes on with the text it made
; (a failed conversion as a stand-in: 0.0, no digits, '?'): what is done
; with that text may fail too.
        * = $1000
v1      = format("%# *c%+.7s#%b", 9, 2, 3 == 4, 12)
        .text v1
        .text repr(int(format("%*c", 1, 4)))
v3      .var format("x=%f", asin(7.7))
        .byte v3
v4      := format("#%g% 3d", 1, 10 / 0)
v4      ::= v4[-2]
        .byte v4
