; `str()`, `repr()` and `format()` of a segment, a structure, a union and an
; encoding name 64tass's types: `<segment>`, `<struct>`, `<union>`, `<enc>`
; (found by tools/asm-mutation-compare: they were `<macro>` and `<encoding>`).
* = $1000
m       .macro
        .endm
sg      .segment
        .endm
st      .struct
        .endstruct
un      .union
        .endunion
e       .encode
        .endencode
        .text str(m), str(sg), str(st), str(un), str(e)
        .text repr(sg), format("%s", e)
        .byte len(str(e))
