; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; A music exporter's layout: players assembled as structures in a union
; (one per address), each marking where the tune header goes with `*`.
; Constants read those marks, ahead of them and from a structure type;
; 64tass lists them in the label files (a `*` read has no size to wait
; for) and does not look into the scope of the code they name.
        * = $1000
AUTHORPOS = 24
TUNEHEADER = normal.player.TUNE_HEADER
authorinfo = TUNEHEADER + AUTHORPOS
SEQUENCES = TUNEHEADER + 64
relative  = layout.here
playerm .macro addr
        lda #<\addr
        .if 0
TUNE_HEADER = \addr
        .else
TUNE_HEADER = *
        .fill 8, 0
        .fi
        .endm
normal  .block
        .union
         .struct
player2  #playerm $1100
         .ends
         .struct
player   #playerm $1000
         .ends
        .endu
        .bend
layout  .struct
        .byte ?
here    = *
        .ends
        lda authorinfo
        ldx SEQUENCES
        .byte relative
