; 64tass:  |  -C
; Regression from a public 64tass project: labels long name format.
        * = $1000
a8xxxxxx = 1
a15xxxxxxxxxxxx = 1
a16xxxxxxxxxxxxx = 1
a17xxxxxxxxxxxxxx = 1
v17xxxxxxxxxxxxxx := 1
clear_d017_table nop
