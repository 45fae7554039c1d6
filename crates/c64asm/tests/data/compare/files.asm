; 64tass: -a -C -I inc/lib | -I inc/lib
; .include (relative to the including file and through -I), .binclude, .binary with offset and length
* = $8000
        .include "inc/part.asm"
        .include "libfile.asm"
        jsr libproc
mod     .binclude "inc/scoped.asm"
        jsr mod.inner
        lda #mod.shared
        .binary "inc/blob.bin"
        .binary "inc/blob.bin", 2
        .binary "inc/blob.bin", 1, 3
        .binary "inc/blob.bin", -2
        .binary "inc/blob.bin", 4, 100
data    = binary("inc/blob.bin")
        .byte data[0], len(data), data[-1]
        .text binary("inc/blob.bin", 3, 2)
