; included from data.asm; nested include resolves next to this file
partlabel
        .byte $55
        .include "nested.asm"
