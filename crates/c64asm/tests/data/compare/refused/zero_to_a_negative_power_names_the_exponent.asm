; 64tass: -a
; Zero raised to a negative power names the exponent, as a division by zero
; names its divisor: "zero raised to negative power int '-1'".
        * = $1000
steps   = 0
        .byte steps ** -1
        .byte 0.0 ** -1.5
        .word 0 ** -1.0, 2 ** -1
