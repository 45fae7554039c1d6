; 64tass: -C
; A .function called in an expression runs at the program counter but
; writes nothing, and gives () when it returns nothing (differential fuzz
; repros 052, 053); called as a statement it assembles as usual.
        * = $0801
fun1    .function
        .byte 4
l1      .byte 5
        .endf l1
fun2    .function
        .endf
fun3    .function a
        .byte a
        .endf
        .byte 1
        .word fun1(), *
        .text str(type(fun2())), repr(len(fun2())), repr(fun2())
        .byte fun1() - *
        fun3 7
x       fun3 8
        .word x
