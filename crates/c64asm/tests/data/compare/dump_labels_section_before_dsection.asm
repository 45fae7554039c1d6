; 64tass: -a -C
; A `.section` used before its `.dsection` is laid out where it is used
; until the `.dsection` places it, and its counter is then a plain number,
; not the `$1000` of the code around it: in `--dump-labels` the labels of
; a routine only the first pass assembled (nothing calls it) print as
; numbers, as in 64tass.
        * = $1000
unused  .proc
        lda message
        rts
        .section data
message .text "hi"
        .send
        .pend
start   rts
        .dsection data
