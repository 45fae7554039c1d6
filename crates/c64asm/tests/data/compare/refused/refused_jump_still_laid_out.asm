; 64tass: -a | -a -B
; A branch that doesn't reach another bank: `bra` under -B and `gcs` (a
; jump when it doesn't reach) are the jump, which 64tass refuses and still
; lays out (three bytes), so the labels after them are where the `.byte`
; lines' messages show; `bcs` is only refused (two bytes).
        .cpu "65816"
        * = $1000
        bra far
after_bra
        .byte after_bra
        gcs far
after_gcs
        .byte after_gcs
        gcs @w far
after_gcs_w
        .byte after_gcs_w
        bcs far
after_bcs
        .byte after_bcs
        * = $20000
far     nop
