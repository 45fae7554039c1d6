; 64tass: -a -Wimmediate
; A warning about a macro argument passed on to another macro is shown at
; the argument of the outermost call it came from (found by
; tools/asm-mutation-compare).
* = $1000
zp = 5
inner .macro p
        lda \p
        .endm
outer .macro q
        nop
        #inner \q
        .endm
        #outer zp
        #inner zp
        #outer   zp
