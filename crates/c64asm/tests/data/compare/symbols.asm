; 64tass: -a -C | -a |
; constants, variables, compound assignment, weak symbols, forward references
* = $0810
WIDTH   = 40
HEIGHT  = 25
area    = WIDTH * HEIGHT
        lda #<area
        ldx #>area
count   := 0
count   += 1
count   *= 5
count   -= 2
count   <<= 1
        .byte count
var     .var 10
var     .var var + 1
        .byte var
lst     := [1, 2]
lst     ..= [3]
        .byte lst
flag    :?= 7
flag    :?= 9
        .byte flag
mx      := 3
mx      <?= 2
mx      >?= 10
        .byte mx
        .weak
weaksym = 1
strong  = 5
        .endweak
strong  = 6
        .byte weaksym, strong
        lda later
        jmp forward
later   = $20
forward lda #area & $ff
        rts
v       := $12
        lda #v
v       := $22
        lda #v
        jmp end
end     .byte v
