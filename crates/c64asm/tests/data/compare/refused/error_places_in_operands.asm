; 64tass: -a | -a -C
; Where 64tass places errors inside operands: a label's data indexed past
; its end at the index; a list indexed by a list of positions, or along
; a second axis, at the index that missed (as the definition's error when
; the value is used); `x` of a value that doesn't repeat names only that
; value, at the operator, in a compound assignment too; an empty shifted
; string at its quote; range()'s zero step at the step; a constant looked
; for with `in` at its name; a structure's argument placed by a labelled
; `.dstruct` at the argument; an empty `.shiftl` at the directive.
        * = $1000
bytes   .byte 1, 2, 3
pair    .struct a, b
lo      .char \1
hi      .word \2
        .endstruct
scope   .block
k       = 1
        .bend
v       := 5
        .byte bytes[3], bytes[-4]
        .byte (4, 5)[[3]]
        .byte [(1,), (2,)][:, 1]
late    = [(1, 2), (3,)][:, 1]
        .byte late
        .byte 5 x 2
v       x= 2
        .byte v
        .text l""
        .text repr(range(1, 5, 0))
        .text repr(.k in scope)
two     .dstruct pair, 300, 1
        .shiftl ""
