; 64tass: -a
; labels in any order: 64tass keys the unlabelled `.dstruct` by pointer, its fields go either way
; A parameter's default is the text after its `=`, blanks included (the
; blanks before the next comma are not): `size = 6` puts ` 6` where `\size`
; stands, so the listing shows `.word  6`, as an object header structure of
; a Python interpreter for the 65816 lists it. Also in a macro, a segment,
; named and numbered references, and `\{b}`.
        * = $1000
header  .struct type, size = 6, kind=	7	, name = "x y" , pair = (1, 2)
type    .byte \type
size    .word \size
        .word \kind, \3
        .text \name
        .byte \pair, \{size}
        .ends
        .dstruct header, 1
show    .macro a, b = 6 , c=7
        .word \b, \c, \2
        .endm
        #show 1
        #show 1, , 3
        .show 1, 2
fill    .segment count = 3
        .fill \count
        .endm
        #fill
