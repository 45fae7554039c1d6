; 64tass: -a | -a -C
; Regression from a public 64tass project: function param conversion.
        * = $1000
first3  .function _data : binary
        .endf _data[:3]
        .byte len(first3("corpus_026.asm"))
        .text first3("corpus_026.asm")
