; .if/.elsif/.else/.endif, including nesting and forward references
* = $2000
DEBUG   = 1
LEVEL   = 2
        .if DEBUG
        inc $d020
        .else
        nop
        .endif
        .if LEVEL == 1
        .byte 1
        .elsif LEVEL == 2
        .byte 2
        .if DEBUG && LEVEL > 1
        .byte 22
        .else
        .byte 23
        .endif
        .elsif LEVEL == 3
        .byte 3
        .else
        .byte 4
        .endif
        .if 0
        .byte 99
        .elsif 0
        .byte 98
        .endif
        .if FWD > 5
        .byte $f0
        .else
        .byte $0f
        .endif
        .if !DEBUG
        .error "not reached"
        .endif
FWD     = 9
        rts
