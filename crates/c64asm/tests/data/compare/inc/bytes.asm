; included by include_in_expansions.asm, several times
        .byte 3
