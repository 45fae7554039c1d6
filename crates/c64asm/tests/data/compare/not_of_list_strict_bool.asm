; 64tass: -a -Wstrict-bool | -a -Wall | -a
; `!` negates a list's or tuple's elements one by one, so -Wstrict-bool
; warns for each element that is not a boolean (nested lists too, a string
; as its bytes); c64kit gave no warning for a list.
*       = $1000
        .byte ![1, 2]
        .byte !(true, 0, [3, false])
        .byte !["a", lab]
lab     .byte !(4,)
x       = ![1, "b"]
