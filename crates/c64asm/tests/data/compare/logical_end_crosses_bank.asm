; 64tass: -a -b | -a
; Code assembled near the top of memory to run at $1000: when the block is
; done the program counter goes on from where `.logical` found it, and 64tass
; reports the bank it crossed at the `.here` (or at the next byte when the
; block ends exactly at the bank's end).
        * = $f000
loader  lda #0
        .logical $1000
copied  .fill $0ffd, $ea
        rts
        .here
tail    .byte <tail, >tail

        * = $e000
        .logical $2000
exact   .fill $2000, 0
        .here
next    nop
