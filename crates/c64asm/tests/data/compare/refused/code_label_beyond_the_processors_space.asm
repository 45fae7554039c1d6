; 64tass: -a | -a -B
; A code label placed beyond the 6502's 16 bits (under a 65816, before the
; line reading it) is named in `jsr`, `jmp` and `jmp ()` as far as the 6502's
; address space holds it, in the type `*` was set from: an integer for
; `* + 65535`, a bit string for `$12345` (64tass's `int '8'`, `bits '$02348'`).
        jsr far_int
        jmp far_bits+3
        jmp (far_bits)
        .cpu "65816"
        * = * + 65535
far_int
        * = $12345
far_bits
