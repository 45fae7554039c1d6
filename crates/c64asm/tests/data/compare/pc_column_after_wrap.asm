; 64tass: -a -f | -a -X | -a
; The listing's program counter column: 64tass compares the offset and the
; program counter after each instruction too, and with a 4 GiB image the
; offset of the next byte after $ffff is $10000 while the program counter
; wraps to $0000, so this listing has the column with no row showing it.
*=$1000
        lda #0
v .virtual $fff9
        lsr a
        jsr $fff0
        jmp $1234
  .endvirtual
        adc #6
        rts
