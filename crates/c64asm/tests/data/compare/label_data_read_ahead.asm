; 64tass: -a | -a -L
; A label's data read ahead of its line (a cartridge header's checksum or
; a copy of a table assembled further on, `table[i]` or `x in table`):
; 64tass reads it in the memory of the pass that last defined the label,
; the previous pass's, bytes still unresolved there included (`jmp later`
; read as `4c 00 00` below when the pass that reads it is the last one).
; c64kit read this pass's memory, where the label's bytes are not written
; yet: gaps, so the header bytes were left out or zero.
*       = $1000
header  .byte tab[0], tab[1], tab[2], tab[-1]
        .byte $55 in tab, $66 in tab, $aa !in tab
        .byte sum(tab[:3]) & $ff
        .byte block.body[0], block.body[1], block.body[2]
        .byte offs[0], block_end - block
sum     .function l
s       :=      0
        .for v in l
s       :=      s + v
        .next
        .endf   s
        .fill   4
tab     .byte   $55, $aa, $12, <block
block   .block
body    jmp     later
        nop
later   rts
        .bend
block_end
offs    .byte   block.later - block
