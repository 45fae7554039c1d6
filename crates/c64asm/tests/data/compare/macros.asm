; macros with positional and named parameters, defaults, and private labels
* = $c000
poke    .macro addr, value
        lda #\value
        sta \addr
        .endm
wait    .macro count=10
        ldx #\count
loop    dex
        bne loop
        .endm
copy    .macro
        lda \1
        sta \2
        .endm
        #poke $d020, 0
        .poke $d021, 1
        #wait
        #wait 3
        #copy $1000, $2000
        #copy $fb, $fd
        #later 7
later   .macro n
        .byte \n, \1
        .endm
        rts

; Cheap locals inside a macro belong to each expansion (two expansions under one global).
countdown .macro
_again  dex
        bne _again
        .endm
twice
        #countdown
        #countdown
_after  rts
        jmp _after
