; 64tass: -a | -a -x
; A label of a `.virtual 1,s` block is a stack variable: `lda var` reads it
; as `lda 1,s`. A CPU without that addressing mode (the 6502) lays such an
; instruction out as nothing, as it does `lda 1,s` itself, also in the first
; pass of a routine nothing calls: `--dump-labels` shows the labels after it
; where 64tass's first pass put them (a 65816 BASIC's integer routines,
; assembled for the 6502, have them 18 bytes apart otherwise).
        * = $0801
mul32   .proc                           ; nothing calls it: pass 1 only
        php
locals  .virtual 1,s
sign    .word ?
result  .dword ?
        .endv
        lda #0
        sta sign
        sta result+2
        lda (sign),y
        rol sign
        jmp (result)
        sta sign,x
        lda [sign],y
done    plp
        rts
        .pend
        rts
