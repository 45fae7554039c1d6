; 64tass: -C
; Integers and bit strings without a width limit, inverted byte strings,
; bits() and bytes() with sizes (differential fuzz repros 001, 002, 012,
; 013, 030, 031, 032, 054).
        * = $1000
big     = 20662843361964265585881608472033128778
        .text repr(big), repr(2 ** 70), repr(-2 ** 70 - 1)
        .text repr(big / 3), repr(big % 1000), repr(big >> 60), repr(-big >> 100)
        .text repr(big & $ffff), repr(big | 1), repr(big ^ big), repr(~big)
        .text repr(1 << 100), repr((1 << 100) - (1 << 100)), repr(big == big + 0)
        .text repr(big < big + 1), repr(float(2 ** 70)), repr(int(1e20))
        .byte <big, >big, `big, <-big
        .text repr($123456789abcdef0123), repr(%0111111100111 .. bits(-1))
        .text repr($ffffffffffffffff .. $ff), repr(~$ffffffffffffffff .. $0)
        .text repr(($ffffffffffffffff .. $ff) >> 4), repr($f x 20)
        .text repr(($ffffffffffffffffff)[0:4]), repr(len($ffff x 8))
        .text $112233445566778899aa
        .text repr(bytes(0)), repr(bytes(-1)), repr(bytes(255)), repr(bytes(128))
        .text repr(bytes(-128)), repr(bytes(-129)), repr(bytes(256)), repr(bytes(5, 15))
        .text repr(bytes(",", 5)), repr(bytes(x"ff", 3)), repr(bytes(~x"ff", 3))
        .text repr(bytes(x"80", -2)), repr(bytes(-1, -1)), repr(bytes(~$7f, -1))
        .text repr(bytes(~$ff, 2)), repr(bytes(true)), repr(bytes(false)), repr(bytes(1.5))
        .text repr(bits(5, -7)), repr(bits(-5, -7)), repr(bits(~$5, 7)), repr(bits(-1))
        .text repr(bits(0)), repr(bits(-1, -3)), repr(bits($ff, -9)), repr(bits(2.5, 4))
        .text repr(~x"01"), repr(-x"01"), repr(~"ab"), repr(+"ab"), repr(-"a")
        .text repr(~~x"01"), repr(~x"01" == x"fe"), repr(~x"01" < x"fe")
        .text repr(~x"01" x 2), repr(~x"0102" .. x"03"), repr(bytes(-2)[0])
        .text repr(len(bytes(-2))), repr(-~x"ff"), repr(-x"00")
        .text ~x"0102", bytes(-2)
