; 64tass: -a -x | -a -e
; Stack variables: labels where the program counter is an address with
; operators (`.virtual 1,s`) take them along (`lda l_a` is `lda 1,s`).
* = $1000
frame   .virtual 1,s
l_a     .byte ?
l_b     .word ?
ptr     .word ?
        .endv
args    .virtual #7,s
count   .byte ?
        .endv
start   lda l_a
        lda l_b
        sta l_b+1
        lda (ptr),y
        lda count
        adc #size(frame)
        rts
