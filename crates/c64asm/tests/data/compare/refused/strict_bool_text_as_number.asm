; 64tass: -a -Wstrict-bool -Werror
; A bool meeting text or bytes under an operator is reported, and again
; with the bits or the int 64tass makes of the text to go on.
        * = $1000
        .text repr(bool(true | '9'))
v1      = (32768 ** 3 <= 9) | '0a#'
        .byte v1
v2      = !(1 in [5]) | x""
        .byte v2
v3      = repr($A7d91b21) % true
        .byte v3
