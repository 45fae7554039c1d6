; 64tass: -a
; `\{name}` is a reference only when a name and its closing brace follow
; the brace at once: `\{1}`, `\{}`, `\{a b}` and an unclosed `\{a` leave
; the backslash in the text ("an expression is expected" there). A name no
; parameter has is reported in a structure's body as in a macro's: when the
; structure is defined (64tass lays it out then) and at each `.dstruct`.
        * = $1000
pair    .struct a=7
lo      .byte \{a}, \{1}
hi      .byte \{b}
        .ends
one     .macro a=7
        .byte \{a}, \{}
        .byte \{a b}
        .byte \{a
        .endm
p1      .dstruct pair, 3
        #one 5
p2      .dstruct pair
