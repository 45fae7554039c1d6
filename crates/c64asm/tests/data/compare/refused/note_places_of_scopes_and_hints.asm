; 64tass: -a | -a -Wall
; The notes under an error are placed where 64tass files what they are
; about: "searched in this scope" at the macro call that made the scope
; (its `#`) or at the start of the `.function` line for a call's scope,
; a data directive's `-Wpitfalls` hint at the directive. c64kit gave
; them with the file's name only.
        * = $1000
put     .macro
        .byte \1, nowhere
        .endm
look    .function v
        .endf v + absent
        #put 1
        .byte look(1)
        .byte "ab", 2
        .word -3
