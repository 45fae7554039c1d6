; included as inc/./dot_first.asm
first   lda #1
        .include "dot_second.asm"
        .include "./dot_third.asm"
