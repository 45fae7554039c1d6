; 64tass: -a -C
; A structure declared in one include and placed with .dstruct in another,
; then blank lines: with --verbose-list --line-numbers the line after them is
; numbered with its file again (its rows follow the structure's).
        * = $4000
        .cpu "w65c02"
        .include "inc/kernel_events.asm"

        jsr initEvents
        rts

        .include "inc/event_buffer.asm"
        .byte myEvent.timer.cookie - myEvent
