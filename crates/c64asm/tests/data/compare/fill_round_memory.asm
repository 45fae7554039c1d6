; 64tass: -a
; A .fill of more than 64 KiB goes round memory with -Wwrap-pc and
; -Wwrap-mem warnings, as any fill past the end, not an error (found by
; tools/asm-mutation-compare).
* = $1000
        .fill $10001, 1
        .byte 2
        .fill $20003
        .byte 3
