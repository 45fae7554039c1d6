; An object table's layout is defined here: 64tass enters this file again
; for the structure's definition (and for each `.dstruct`).
object  .struct
xpos    .byte 0
ypos    .byte 0
tile    .byte 0
        .endstruct
player  .dstruct object
enemy   .dstruct object
masks   .binary "../inc/no_such_masks.bin"
