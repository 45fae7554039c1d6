; 64tass: -a -C -Wunused | -a -C -Wall
; The label of a `.brept`, `.bfor` or `.bwhile` names the tuple of its
; iterations' scopes; nothing reading it, `-Wunused` calls it an unused
; macro, as 64tass does for everything a definition makes that is no code
; (a string buffer kept as `temp .brept 255`).
        * = $1000
temp    .brept 4                        ; a 4 byte buffer
        .byte 0
        .endrept
squares .bfor i = 0, i < 3, i += 1
        .byte i * i
        .endfor
count   .bwhile * < $1009                 ; pad to $1009
        .byte $ea
        .endwhile
used    .brept 2
here    nop
        .endrept
        lda used[1].here
        rts
