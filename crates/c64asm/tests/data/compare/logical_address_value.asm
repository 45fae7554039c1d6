; 64tass: -x -f -C -a | -a -C
; A LoROM game's freespace: each part placed with `.logical mapped(offset)`,
; a function returning `address(...)`. Under it `*` and the labels are
; addresses of no mode (`address($808000)` in the label list), and so is a
; sum with them, as in 64tass; the instructions use them as plain addresses.
mapped  .function Offset
          Return := ((Offset >> 15) << 16) | (Offset & $7fff) | $8000
        .endfunction address(Return)
        * = $0000
        .logical mapped($000100)
start   lda start
        jmp start + 3
Marks  := [*]
Marks ..= [start + 1]
here    = *
        .word start, here
        .byte <start, >start, start - $8100
        .endlogical
        .logical address(%1000000100000010)
other   nop
        .endlogical
