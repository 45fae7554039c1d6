; 64tass: -a
; A `.comment` block in a structure's or macro's body hides the directives in
; it, also the body's closer: the body ends at the first closer outside a
; comment (comments nest), as 64tass skips a body. c64kit ended the body at
; the commented-out `.ends` and refused the source (found by
; tools/asm-mutation-compare on a Python interpreter's object structures).
        * = $1000
header  .struct kind = 1
kind    .byte \kind
        .comment
        .ends                   ; the old end
        .comment
        .endm
        .endc
        .endc
size    .word 6
        .ends
show    .macro value
        .byte \value
        .comment
        .endm
        .endc
        .byte \value + 1
        .endm
obj     .dstruct header, 2
        #show 7
        .word obj.size, size(header)
