; 64tass: -a | -a -C
; Regression from a public 64tass project: unused constant errors ignored.
        * = $1000
unused  = 1/0
unused2 = nosuch + 1
unused3 = +.val
        nop
