        nop
        .include "gone.asm"
