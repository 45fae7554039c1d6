; A user-interface library kept in its own scope: zero page names, a
; table of screen codes, data and routines. A label in front of a
; directive (`.block`, `.proc`, `.byte`) gives 64tass's table of the
; scope it is in one entry more (as the root's), so the scope's label
; list comes in the order that table has.
        * = $1000
        jsr ui.init
        jsr ui.frame.draw
        rts

ui      .block
        ui_vram = $10
        ui_cram = ui_vram + 2
        ui_zp   = ui_cram + 2
        ui_zp_tmp = $10 + $18
CODES   .block
        TOP_LEFT = $70
        TOP_MIDDLE = $40
        .bend
        jmp init
data    .block
screen  .byte $04
xpos    .byte $ff
        .bend
init    .proc
        lda #CODES.TOP_LEFT
        sta data.screen
        rts
        .pend
clear   .proc
        ldx #0
        rts
        .pend
base    .block
        rts
        .bend
frame   .block
draw    lda #CODES.TOP_MIDDLE
        rts
        .bend
        .bend
