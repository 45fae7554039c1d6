; 64tass: -a | -a -C
; Regression from a public 64tass project: forward ref to star constant.
        * = $1000
        jmp later
later   = *
