; 64tass: -a -Wall | -a -Wstrict-bool | -a
; A bool used as a number (`-Wstrict-bool`) inside an operation whose
; operand is itself an operation: `x` repeats bits a bool's number of
; times. The inner use waits for the outer operation and is reported at
; the bool; c64kit used to stop on an internal error here.
        * = $1000
        .byte len(~%1 x false)
        .byte len(%10 x true) + 1
        .warn format("%s", ~%1 x false)
        .word (%1 x true) + (1 + false)
; A bool as a repetition's count is reported at the count (once), other
; operators' bool operands at the operator.
        .byte len([1] x true)
        .text "ab" x true
        .byte %1 << true
        .byte 4 >> true
