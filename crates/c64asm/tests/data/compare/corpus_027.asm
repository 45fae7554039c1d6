; 64tass: -a | -a -C
; Regression from a public 64tass project: random of list.
        * = $1000
        .seed 2021
        .byte random(range(8, 0, -1))
