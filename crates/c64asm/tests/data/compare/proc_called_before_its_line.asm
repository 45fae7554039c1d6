; 64tass: -a -L | -a
; `.proc`s called before their lines (the usual layout: the main code
; first, the routines after it) and one never called. A `.proc` is
; assembled when something named it since its last assembly; a call before
; its line names it again in every pass, so 64tass's listing pass assembles
; the same routines and settles: `Passes:` counts the passes before it and
; the listing's, no more (c64kit with `--message-format 64tass` prints the
; same count; the messages test compares it).
        * = $c000
        jsr clear
        jsr border
        rts
clear   .proc
        lda #$93
        jmp $ffd2
        .pend
border  .proc
        jsr clear
        lda #0
        sta $d020
        rts
        .pend
unused  .proc
        rts
        .pend
