; 64tass: -a
; A `.name` whose name is a label, a number or a bool but no macro is
; "wrong type 'T'" at the name, as in 64tass (c64kit said "'.name' is
; neither a directive nor a macro", now a note under 64tass's words).
screen = $0400
flag = false
        * = $1000
start   .screen 0
        .flag
        .start next
        rts
