; 64tass: -a | -a -Wno-wrap-addr
; `* =`, `* +=` and `.logical` with a label plus an offset past the end of
; memory (or before its start) wrap it with -Wwrap-addr's warning, at the
; value (found by tools/asm-mutation-compare).
* = $1000
l       nop
        * = l + $ffff
        nop
        * += $ffff
        nop
        * -= 1 + $ffff
        nop
        .logical * + $fff0
        nop
        .here
        .logical (* - $2000)
        nop
        .here
