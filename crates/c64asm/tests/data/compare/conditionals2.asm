; 64tass: -a -C | -a
; .if/.elsif/.else, .ifne/.ifeq/.ifpl/.ifmi, .switch, .comment; false branches are not parsed
* = $4000
DEBUG = 0
MODE  = 2
        .if DEBUG
        this is not assembled: any text at all
        .elsif MODE == 1
        .byte 1
        .elsif MODE == 2
        .byte 2
        .else
        .byte 3
        .endif
        .if MODE = 2
        .byte $22
        .fi
        .ifne MODE
        .byte $10
        .endif
        .ifeq DEBUG
        .byte $11
        .endif
        .ifpl -1
        .byte $12
        .endif
        .ifmi -1
        .byte $13
        .endif
        .switch MODE
        .case 1
        .byte $a1
        .case 2, 3
        .byte $a2
        .default
        .byte $a9
        .endswitch
        .switch "x"
        .case "y"
        .byte 1
        .default
        .byte 2
        .endswitch
        .comment
        lda #$ff garbage here too
        .if 1
        .endc
        .byte $cc
        .if 0
        .if 1
        .byte $dd
        .endif
        .else
        .if 0
        .byte $de
        .else
        .byte $df
        .endif
        .endif
        .if 0
-       nop
        .endif
-       lda #1
        bne -
        .if DEBUG == 0 && MODE > 1 || 0
        .byte $e0
        .endif
