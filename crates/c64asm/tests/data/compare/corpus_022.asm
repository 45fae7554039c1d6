; 64tass: -a | -a -C
; Regression from a public 64tass project: list compare elementwise.
        * = $1000
        .byte [1,2] == [1,3]
        .byte (1,2) != (1,3)
        .byte [1,2] < [2,2]
        .byte [3,4] + 1
        .byte [1,2] + [10,20]
