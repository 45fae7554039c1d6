* = $1000
        nop
        .include "include_mid.asm"
