; 64tass: -a -C | -a
; values and functions: strings, lists, format(), repr(), floats, conditions
* = $0801
        .word (+), 2005
        .null $9e, format("%4d", start)
+       .word 0
SID     = "music.sid"
TITLE   = "game"
        .text format("%s-%s", TITLE, SID), 0
        .text format("%02x %04X %5d:%-5d:%c %%", 10, 48879, 42, 42, 65)
        .text format("%#x %#b %b %+d % d", 255, 5, 6, 7, 8)
        .text format("%.3f %e %g %g", 3.14159, 1500.0, 0.5, 1e20)
        .text format("%r %s", "q", [1, 2])
        .text repr(1.5), repr($0f), repr("x"), repr((1,))
        .text str(42), str(1.0), str(true)
        .byte len([1, 2, 3]), len("abc"), len($034), len(x"0102")
        .byte abs(-5), sign(-3) + 1, sign(0), sign(7)
        .byte floor(2.7), ceil(2.1), round(2.5), trunc(-2.9) + 3, frac(2.75) * 4
        .byte sqrt(16), pow(2, 5), log10(1000), exp(0), cbrt(27)
        .byte int(7.9), int(-2.5) + 3, float(3), bool(5)
        .byte 5 <? 3, 5 >? 3, (1, 9, 4) <? 5
        .byte 1 ? 2 : 3, 0 ? 2 : 3, "" ? 1 : 2
        .byte 0 && 1/0, 1 || 1/0, 3 && 4, 0 || 5
        .byte 1 == 1, 2 != 3, 3 < 2, "a" < "b", [1] == [1]
        .byte 2 in [1, 2, 3], "b" in "abc", 5 !in [1]
        .char 7 / 2, -7 / 2, 7 % 3, -7 % 3, 2 ** 6
        .byte $ff ^ $0f, $f0 | $0f, $ff & $3c, 1 << 4, $80 >> 3
start   lda #<start
        ldx #>start
        .byte all([1, 1]), any([0, 0]), all($f), any(~$f)
        .byte sort([3, 1, 2])
        .byte [1, 2] + [10, 20], [1, 2] * 2, -[1, 2] + 3
        .byte {1:"a", 2:"b"}[2] == "b", {"k": 5}["k"]
        .byte ((1, 2), (3, 4))[1][0], [[1, 2], [3, 4]][:, 1]
        .byte "abcdef"[1:4:2] == "bd", [10, 20, 30][-1] - 20
        .text byte(3), word(513), char(-1), sint(-2), long(1), dword(1)
        .text rta($1000), addr($1234)
        .byte pi * 10, rad(180) * 10, deg(1) > 57
        .byte 1e3 / 100, 2.5 * 2, 10 / 4.0 * 2
        .byte hypot(3, 4), atan2(0, 1), sin(0), cos(0)
        .byte bits(5, 8), bytes(2, 1)
        .word (*), * - start
        .byte random(10) < 10, range(3)[2]
