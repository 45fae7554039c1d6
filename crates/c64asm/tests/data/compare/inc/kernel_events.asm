; event records of a small kernel, as an F256-style api include declares them
kernel  .namespace
event   .namespace
key_t   .struct
keyboard .byte ?
raw     .byte ?
ascii   .byte ?
        .ends
timer_t .struct
value   .byte ?
cookie  .byte ?
        .ends
event_t .struct
type    .byte ?
buf     .byte ?
        .union
key     .dstruct kernel.event.key_t
timer   .dstruct kernel.event.timer_t
        .endu
        .ends
        .endn
args    .namespace
events  = $f0
        .endn
        .endn
