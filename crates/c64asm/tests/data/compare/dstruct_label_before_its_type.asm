; 64tass: -a -C | -a | -a -C -L
; A label of `.dstruct` whose structure is defined further on is made in the
; first pass all the same (a code label of size 0 until the type is known),
; as 64tass makes it: it takes its place in its scope's table then, which
; decides where label files list it among the scope's other symbols.
        * = $2000
api     .namespace
disk    .namespace
query   .fill 4
        .endn
io     .dstruct io_t
io_t   .struct
        .ends
open_t  .struct
        .ends
close_t .struct
        .ends
dir_t   .struct
        .ends
read_t  .struct
        .ends
cfg_t   .struct
size    .ends
evt_t   .struct
        .ends
joy_t   .struct
        .ends
udp_t   .struct
        .ends
        .endn
        lda api.io
        jsr api.disk.query
