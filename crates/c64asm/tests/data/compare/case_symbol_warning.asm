; 64tass: -a -Wcase-symbol | -a -Wall | -a -Wcase-symbol -Wimmediate
; -Wcase-symbol: a symbol read with other letter case than its definition
; (also a member after '.'); case-sensitive sources can't have it.
Label = 3
* = $1000
Start   lda #Label
        lda #label
        lda #LABEL
        jmp start
        jmp Start
b       .block
Inner   nop
        .bend
        jmp b.inner
        jmp B.Inner
_x      = 1
        lda #_X
        lsr A
        lda #LEN("ab")
        lda #len("ab")
