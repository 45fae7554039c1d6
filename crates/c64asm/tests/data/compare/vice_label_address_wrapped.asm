; 64tass: -a | -a -Wno-wrap-addr | -a -w | -a --m65816
; A constant two bytes before a buffer at the bottom of memory (`var - 2`,
; the manual's `size()` example) has an address that wraps around: 64tass
; lists it at its wrapped address in a VICE label file and, as it writes
; the file, warns once, with no place: "memory location address overflow"
; (`-Wwrap-addr`), however many such labels there are. A variable, or a
; label plus an offset that stays in memory, is no such case. With the
; 65816 memory is 16 MiB: the same addresses wrap to $fffffe and $fffffd.
        * = $0000
var     .byte ?, ?, ?
var2    = var - 2
var3    = var - 3
count  := var - 1
        * = $1000
start   ldx #size(var2)
        rts
after   = start + $10
