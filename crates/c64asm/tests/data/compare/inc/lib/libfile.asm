; part of a library, found through -I
libword  .word $beef
libproc  .proc
        rts
        .pend
