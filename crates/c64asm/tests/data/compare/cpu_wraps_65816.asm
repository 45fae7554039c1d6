; 64tass: -a -x -Waltmode | -a -x -Wno-wrap-addr
; Addresses past 16 MiB on the 65816 and 65EL02: a memory wrap, the
; direct page taken as written.
* = $10
l       nop
        lda l+$fff0
        lda l+$fffff0
        lda l+$fffff0,x
        lda l+$fffff0,y
        lda (l+$fffff0),y
        lda $12,y
        .dpage $1200
        lda $1234
        lda $1234,y
        .databank $12
        lda $121234
        lda $121234,x
        lda $120012,y
        .databank 0
        rts
