; 64tass: -a -C | -i
; Right shifts of negative integers wider than 32 bits, bitwise operators on
; one-digit integers, and the byte operators on (byte) strings, exactly as
; 64tass 1.58 computes them (it differs from plain arithmetic in places; the
; installed 64tass decides).
*       = $1000
        .text format("%d ", -9223372036854775808 >> 12)
        .text format("%d ", ~9223372036854775808 >> 31)
        .text format("%d ", (-1 << 40) >> 25)
        .text format("%d ", (-(1 << 40) - 5) >> 7)
        .text format("%d ", -(1 << 64) >> 32)
        .text format("%d ", (-(1 << 96) - (1 << 40)) >> 33)
        .text format("%d ", -(1 << 200) >> 64)
        .text format("%d ", -4294967295 >> 1)
        .text format("%d ", -(1 << 33) >> 100)
        .text repr(>lint(537679)), repr(`lint(537679)), repr(<>lint(-2))
        .text repr(><str(33672)), repr(><repr(5.2)), repr(>`x"01020408")
        .text repr(>~x"010204"), repr(`~x"01020408"), repr(>"abc")
        .byte >x"123456", <x"123456", `x"123456"
        .word <>x"123456", ><x"123456", >`x"12345678"
        ; one-digit bitwise operators wrap at 32 bits in 64tass
        .text format("%d ", -3912054866 & -2147483648), format("%d ", -3000000000 | 1)
        .text format("%d ", -4294967295 ^ 4294967295), format("%d ", $ffffffff & -2)
