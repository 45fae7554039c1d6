* = $1000
        .include "include_bad.asm"
        .include "include_bad.asm"
