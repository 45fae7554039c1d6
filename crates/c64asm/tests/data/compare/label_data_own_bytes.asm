; 64tass: -a -C | -a
; A label's data as a value is what its own line wrote: `?` stays a gap even
; where something was written before at that address, and a later write over
; its bytes doesn't change it.
*       = $1000
        .text "abcdef"
*       = $1000
d1      .lint ?, 0
d2      .ptext ?, 0
        .text repr(d1[1:]), repr(d1[::-1]), repr(d2)
*       = $1001
        .byte 9
        .text repr(d1[0]), repr(d2[1:])
