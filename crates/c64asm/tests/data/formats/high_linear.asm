; Bytes above $ffff with -X, written in one go (no `* =` after crossing):
; Intel HEX extended linear address records and a record split at $10000,
; S28 records, 3-byte CBM and nonlinear addresses; the 64 KiB formats wrap.
; flags: -X
* = $ffe8
        .fill 40, range(40)        ; $ffe8..$1000f
        .fill $fff0, ?             ; gap up to $1ffff
        .byte 1, 2, 3              ; $20000..$20002
