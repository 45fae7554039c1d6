; 64tass: -a -X | -a -X -Wno-wrap-pc
; A union whose longest member goes past the end of the bank moves the
; program counter there at its `.endu`, with -Wwrap-pc's warning at the
; `.endu` (a `.dunion`'s at the `.dunion`; found by tools/asm-mutation-compare).
* = $f0
u       .union
        .fill $fffe
        .endu
        .dunion u
        .union
        .fill $fffe, $ea
        .endu
