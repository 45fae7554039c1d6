; 64tass: -a
; An error in an argument's text passed on to a structure by `.dstruct`
; inside a macro is placed at the macro's call, at that argument: the
; structure's arguments are counted after its type.
        * = $1000
entry   .struct name, kind, handler
        .byte \kind
        .word \handler
        .ends
deftok  .macro name, kind, handler
        .dstruct entry, \name, \kind, \handler
        .endm
        #deftok 1, 2, missing_handler
        #deftok 1, missing_kind, 3
