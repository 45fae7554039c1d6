; 64tass: -a
; A wrap of the program counter by a directive with no value to point at
; (`.fill` without a fill value, `.binary`) is reported at the directive,
; after the line's label (found by tools/asm-mutation-compare).
* = $1000
l       .fill $f001
        * = $fff0
b       .binary "data.asm"
