; 64tass: -a -C | -a
; .section, .dsection and .send as in the 64tass manual
*       = $02
        .dsection zp
        .cerror * > $30, "Too many zero page variables"
*       = $334
        .dsection bss
*       = $0801
        .dsection code
*       = $1000
        .dsection data
        .section code
        .word ss, 2005
        .null $9e, format("%4d", start)
ss      .word 0
start   sei
        .section zp
p2      .addr ?
        .send zp
        .section bss
buffer  .fill 10
        .send bss
        lda (p2),y
        lda #<label
        ldy #>label
        jsr print
        .section data
label   .null "message"
        .send data
        jmp error
        .section zp
p3      .addr ?
        .send zp
print   lda p3
        rts
error   lda buffer
        .send code
