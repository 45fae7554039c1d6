; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (macro and function calls, blocks) by pointer
; A macro (or segment, structure, function) defined inside another macro takes
; its body as written in the source: `\1` and `\name` in it are its own
; arguments, not those of the call that defined it (64tass reads a body from
; the file and substitutes only the arguments of the macro being expanded).
        * = $1000
table   .macro count, step
        .byte \count                    ; the outer call's arguments
entry   .macro step
        .byte \step * 2                 ; the inner's own `step`
        .endm
        #entry 5
        #entry \step
        .endm
        #table 3, 1
pair    .macro
        .byte \1
one     .macro
        .byte \1, \@
        .endm
two     .segment
        .byte \1 + 1
        .endm
        #one 5, 6
        #two 7, 8
        .endm
        #pair 12
        #pair 14
row     .macro
cell    .struct
value   .byte \1                        ; the structure's own argument
        .ends
        .byte 1
given   .dstruct cell, 9
none    .dstruct cell                   ; no argument: `?`, a gap
        .byte 2
        .endm
        #row 12
        .byte 3
make    .macro
sq      .sfunction x, x * \1            ; on the defining line: substituted
        .byte sq(3)
        .endm
        #make 4
