; Blocks that continue each other (each `* =` starts a new block) join into
; one run: one nonlinear entry, one Atari segment, full-length hex records.
* = $2000
        .fill 20, $aa
* = $2014
        .fill 20, $bb
* = $2028
        .byte $cc
        .fill 3, ?
* = $202c
        .byte $dd
