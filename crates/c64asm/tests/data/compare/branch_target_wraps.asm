; 64tass: -a -C | -a -C -B | -a -C -Wno-wrap-addr
; A branch to an address past the end of memory (`* + $fffe`) wraps to the
; start of it with 64tass's -Wwrap-addr warning, "memory location address
; overflow", at the operand (was silent; found by tools/asm-mutation-compare,
; where -Werror made it a difference of exit status).
        * = $1000
        beq * + $fffe
        bne * + $fff0
        rts
