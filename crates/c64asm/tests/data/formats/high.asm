; Bytes above $ffff with -X, then `* =` back in bank 0: 3-byte CBM and
; nonlinear addresses; the 64 KiB formats wrap. 64tass's 4 GiB formats would
; put `* = $f000` at $f000 rather than $1f000; Program::output refuses them.
; flags: -X
; refused by the 4 GiB formats
* = $ffe0
        .fill 32, $aa              ; up to $ffff exactly
        .fill 40, range(40)        ; $10000..$10027
        .fill $fff0, ?             ; gap up to $20017
        .byte 1, 2, 3
* = $f000
        .byte 4                    ; back in bank 0
        .fill $20000, ?
        .fill 8, 5                 ; $31001
