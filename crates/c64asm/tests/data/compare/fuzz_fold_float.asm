; 64tass: -C
; Folds over lists and bitwise operators on floats (differential fuzz
; repros 003, 004, 008).
        * = $0801
        .text repr(... | (8,)), repr([6] & ...), repr(... + [1, 2, 3]), repr([1, 2, 3] - ...)
        .text repr(... - [10, 2, 3]), repr(... ** [2, 3, 2]), repr([2, 3, 2] ** ...)
        .text repr(... .. ["a", "b"]), repr(... + [[1, 2], [3, 4]]), repr(... >? [1, 5, 2])
        .text repr(... && [1, 0]), repr([1, 0] || ...), repr(... <=> [1, 2]), repr(... == [1, 1])
        .byte ... + [1, 2, 3], (... | [1, 2, 4]) * 2
        .text repr(~759.510), repr(~1.5), repr(~0.0), repr(~-2.25), repr(~1.0)
        .text format("%.15f|%.15f|%.15f", ~1.5, ~0.0, ~1.0), format("%.12e|%.12e", ~1e20, ~1e-20)
        .text repr(2.24e-7 & 272e-1), repr(1.5 | 2.25), repr(-1.5 ^ 0.25)
        .text format("%.20e|%.20e", 1.0 | 2.0 ** -40, ~(2.0 ** -40)), format("%.10e", 1e30 | 0.5)
        .text format("%.20e", -2.0 ** -40 & 3.0), repr(1e300 ^ 1e-300 == 1e300)
        .text repr(1.5 & 3), repr($f | 0.5), repr(0.0 & -0.0), repr(-0.5 & -0.25), repr(5e-324 | 1)
