; an event buffer of the program's own, put in place of the kernel's
oldEvent .byte 0, 0
myEvent .dstruct kernel.event.event_t


; --------------------------------------------------
; swap the kernel's event pointer for myEvent
; --------------------------------------------------
initEvents
        lda kernel.args.events
        sta oldEvent
        lda #<myEvent

        rts
