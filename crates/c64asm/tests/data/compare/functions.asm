; 64tass: -a -C | -a
; .function/.endf, .sfunction, function results in expressions
* = $6000
vicmem  .sfunction _font, _scr=0, ((_font >> 10) & $0f) | ((_scr >> 6) & $f0)
        lda #vicmem($2000, $0400)
        sta $d018
        lda #vicmem($3800)
mva     .function value, target
        lda value
        sta target
        .endfunction
        mva #1, $d020
        mva #$2, $d021
sq      .function x
        .endf x * x
        .byte sq(3), sq(12)
pairf   .function a, b
        .endf a + b, a - b
        .byte pairf(5, 2)
sum     .function *items
s       := 0
        .for it in items
s       += it
        .next
        .endf s
        .byte sum(1, 2, 3, 4)
