; 64tass: -a -C -X | -X
; --long-address: three-byte load address
* = $1000
        lda #1
        rts
