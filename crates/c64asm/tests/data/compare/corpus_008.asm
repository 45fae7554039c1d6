; 64tass: -a | -a -C
; Regression from a public 64tass project: lobyte before hash.
        * = $1000
        lda <#lab
        lda >#lab
        lda <#lab-1
lab     nop
