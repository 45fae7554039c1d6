; 64tass: -a | -a -T
; Anonymous labels assigned where 64tass refuses: `- += 1` with no `-`
; (not defined, with the searched note), `+ += 1` reading the code label
; `+` after it and `- :?= 1` finding a code label counted before it (not a
; variable, with its definition, before a missing value is noticed); the
; same order for a name (`x ::=`, `x += zz`).
        * = $1000
        - += 2
        + ::= 1
-       nop
        - :?= 5
        + .var 3
        .byte +
+       nop
        + += 1
        - ::=
        - .var
        - := 4
        .byte <-
+       nop
x       nop
x       ::=
x       += zz
