; 64tass: -Wshadow
; labels in any order
; -Wshadow for a function's parameter is reported once, however often the
; function is called (a macro's label: once per call), as by 64tass.
        * = $1000
f       .function x
        .endf x*2
m       .macro
x       = 5
        lda #x
        .endm
        .byte f(1), f(2), f(3)
        #m
        #m
b1      .block
len     = 3
        .byte len
        .bend
        .for x = 0, x < 2, x += 1
        .byte x
        .next
