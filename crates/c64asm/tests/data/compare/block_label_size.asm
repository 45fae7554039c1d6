; 64tass: -a -C | -a
; A label in front of `.if` or `.switch` gets the size of what the taken
; branch assembled, also when a later branch (`.else`, `.elsif`, `.case`,
; `.default`) is skipped up to the closing directive or nothing is taken;
; such labels are in the label list either way.
        * = $2000
mode    = 2
pick    .if mode == 2
        lda #1
        sta $d020
        .else
        brk
        .endif
none    .if mode == 7
        brk
        .endif
chain   .if mode == 1
        brk
        .elsif mode == 2
        nop
        .else
        brk
        .endif
sw      .switch mode
        .case 1
        brk
        .case 2
        inx
        iny
        .default
        brk
        .endswitch
nosw    .switch 9
        .case 1
        brk
        .endswitch
        .byte size(pick), size(none), size(chain), size(sw), size(nosw)
        .word pick, none, chain, sw, nosw
