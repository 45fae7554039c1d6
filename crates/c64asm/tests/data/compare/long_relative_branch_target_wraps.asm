; 64tass: -a | -a -Wno-wrap-addr | -a -B
; A 65CE02 `bsr` (a 16-bit branch to a subroutine) reads its target as a
; branch does: past the end of memory it wraps to the start of it, with
; -Wwrap-addr's warning at the operand (was silent; found comparing random
; branches with 64tass).
        .cpu "4510"
        * = $fff0
        bsr * + $60
        bsr * + $18
        rts
