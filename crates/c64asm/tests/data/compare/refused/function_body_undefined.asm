; 64tass: -a -C | -C
; A name missing in a function's body is reported once a pass, however
; often the function is called: 64tass makes every call's scope at the
; `.function` line (with -C, `PI` is not the built-in `pi`).
        * = $0801
torad   .function i
        .endf i * (PI * 2 / 256)
ratio   .function x, y
        .if y == 0
          n := 9999
        .else
          n := x / y
        .endif
        .endf n
        .byte torad(10), torad(20), torad(30)
        .byte ratio(4, 2), ratio(9, 3)
        lda #torad(40)
