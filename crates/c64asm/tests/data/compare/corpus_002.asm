; 64tass: -a | -a -C
; Regression from a public 64tass project: anon label assign.
        * = $1000
        - = range(0, 8, 1)
        .byte <(-) & 7 | $10    ; a list expression: one byte per element
        - = 3
        lda #-
        .byte -
