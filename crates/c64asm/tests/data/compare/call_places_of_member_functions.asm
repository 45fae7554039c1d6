; 64tass: -a -Wshadow | -a -Wall
; The place 64tass gives a function call in the "In file included from"
; lines of its body's messages is where the called expression starts (the
; namespace's name of `lib.half(8)`, the function's name of `twice(2)`),
; not its parenthesis; a parameter is filed under the function's
; definition, so its `-Wshadow` names no call. c64kit named the
; parenthesis, and the call for a parameter.
        * = $0801
lib     .namespace
half    .function x
size    = x / 2
        .endf size
        .endn
twice   .function len
        .endf len * 2
        .byte lib.half(8), twice(2)
        .byte (lib.half(6))
        rts
