; 64tass: -a -C -Wall
; An included file is named by the includer's name up to its last `/` and
; the name given, as written: `inc/./dot_first.asm` including
; `dot_second.asm` reads `inc/./dot_second.asm` (its listing rows and
; warnings say so), which `Path::parent` would have made `inc/dot_second.asm`.
        * = $1000
        .include "inc/./dot_first.asm"
        .include "./inc/../inc/dot_second.asm"
        rts
