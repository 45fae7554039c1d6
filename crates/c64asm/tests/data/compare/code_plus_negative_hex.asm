; 64tass: -Wall | -Wall -C
; A label plus a negative hexadecimal constant (`-$80`, an inverted bit
; string) is the label's address moved down: 64tass takes the offset as the
; signed number, so `sta WRITE + label` with `WRITE = -$80` (a write port
; mapped $80 below its read address) is no address overflow.
        * = $f080
        .offs -$f000
readbuf .byte ?, ?
flag    .byte ?
WRITE   = -$80
        * = $1000
        .offs -$1000
        sta WRITE + flag
        sta flag + WRITE
        sta WRITE + readbuf + 1
        lda #<(~$0f + flag)
        .word -$80 + flag, ~$7f + readbuf
        .word readbuf - ~$ff
