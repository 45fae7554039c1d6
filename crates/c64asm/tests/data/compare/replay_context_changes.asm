; 64tass: -a -C -x
; The same lines assembled again under another register size, direct page,
; data bank and processor (a loop's iterations): each must be assembled
; for its own context.
* = $1000
imm     = $12
zp      = $34
abs     = $121234
        .for i = 0, i < 2, i += 1
        .if i == 0
        .al
        .xs
        .dpage 0
        .databank 0
        .else
        .as
        .xl
        .dpage $100
        .databank $12
        .fi
        lda #imm
        ldx #imm
        lda zp
        lda abs
        lda zp,x
        .next
        .databank 0
        .cpu "6502"
        .for i = 0, i < 2, i += 1
        lda zp
        .if i == 0
        .cpu "65816"
        .dpage $3400
        .else
        .cpu "6502"
        .fi
        .next
