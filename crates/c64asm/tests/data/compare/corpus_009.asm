; 64tass: -a | -a -C
; Regression from a public 64tass project: binclude nested forward ref.
        * = $1000
        lda zp
        jmp lib
lib     .binclude "009-binclude-nested-forward-ref.lib"
zp      = $10
