; 64tass: -a | -a --m65c02
; `(ptr, x)` with a blank after the comma is the indexed indirect form only
; as the whole operand's own parentheses; inside other brackets it is a
; tuple holding a register: the outer form's addressing mode, if the
; instruction has it, then "can't get integer value of register 'x'".
ptr     = 3
        * = $1000
        lda ((ptr, x))
        jmp ((ptr, x))
        lda ((ptr, x)),y
        lda [(ptr, x)]
