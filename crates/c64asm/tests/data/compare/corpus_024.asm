; 64tass: -a | -a -C
; Regression from a public 64tass project: symbol values.
        * = $1000
keys    = (.red, .green, .blue)
        .byte len(keys)
