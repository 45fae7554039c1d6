; 64tass: -a -C | -a
; labels in any order: 64tass keys the macro call scopes by pointer, so its own order varies run to run
; A label on a macro call takes the macro's `.endm value`; the value may be a
; label defined inside the expansion (named or anonymous), read before and
; after the call. The label keeps its own scope for the expansion each pass.
reserve .macro count=1
        .byte ?                 ; guard byte
-       .fill \count
        .endm -
entry   .macro
        nop
start   rts
        .endm start
        lda ptr                 ; read before its definition
        * = $f0
ptr     #reserve 2
tmp     #reserve
flag    #reserve
        * = $1000
        lda ptr
        sta tmp
        ldx flag
        jsr go
        .word ptr, tmp, flag, go
go      #entry
        jmp go
