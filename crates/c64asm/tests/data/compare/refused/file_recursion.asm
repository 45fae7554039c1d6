; 64tass: -a
; A source including itself: "file recursion", placed at the directive.
        * = $0801
        nop
        .include "file_recursion.asm"
