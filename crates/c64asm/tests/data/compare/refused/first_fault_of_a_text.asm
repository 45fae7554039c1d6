; 64tass: -a | -a -C
; 64tass reads a text a character at a time and stops at the first one at
; fault: a character its encoding lacks, or one whose byte has its top
; bit set where shifted text forbids it. Only that one is reported.
        * = $1000
        .text repr(s'Z&^')
        .shift 'z!A|#cAA', 127
        .shift "Z!~Bb", "#*A"
        .shiftl "y_z1b,A!", 'B'
        .text repr(l"*@Z$.@!9[|(c ZAx#?")
        .text "y#@['#A^B&"
