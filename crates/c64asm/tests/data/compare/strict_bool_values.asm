; 64tass: -a -Wstrict-bool | -a -C -Wall | -a
; -Wstrict-bool beyond conditions: a bool used as a number (data, an
; operand, a count), a bool with an operator other than the logical ones
; (at the operator, element by element in a list), abs() and sign() of a
; bool, any() and all() over elements that are not bools, and `&&`, `||` of
; lists whose elements are not bools. The bytes are the same either way.
        * = $1000
DEBUG   = true
LEVEL   = 3
        .byte DEBUG                     ; a bool as a number
        .byte LEVEL > 2                 ; a comparison's result too
        lda #DEBUG
        ldx #LEVEL == 3
        .byte DEBUG == false            ; == of two bools
        .byte DEBUG != 1, 1 + DEBUG, DEBUG + 1
        .byte -DEBUG, <DEBUG, ~DEBUG
        .byte abs(DEBUG), sign(DEBUG)
        .byte any([DEBUG, 1]), all([1, 2]), any([1, DEBUG])
        .byte [DEBUG] + 1, (DEBUG, false) & true
        .byte DEBUG & LEVEL, 1.5 < DEBUG
        .byte [1, 2] && [3, 4], [true, false] || [false, true]
        .byte DEBUG ? 1 : 2             ; a bool condition: fine
        .byte DEBUG === DEBUG, DEBUG in [DEBUG]
        .fill LEVEL > 1, $ea            ; a count
        .text str(DEBUG), repr(DEBUG)
