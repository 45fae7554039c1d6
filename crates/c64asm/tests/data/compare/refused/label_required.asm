; 64tass: -a
; Directives that name what they make, given no label: 64tass's "label
; required", at the directive.
        * = $0801
        .macro
        .endm
        .segment
        .endsegment
        .function
        .endf
        .sfunction 1
        .var 1
        .lbl
        .proc
        .pend
        nop
