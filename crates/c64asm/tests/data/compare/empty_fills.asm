; 64tass: -a
; .align and .fill that fill nothing are listed (with a fill value too),
; and a loop label's value row (listed after the loop)
* = $1000
        .align $100, 255
        .align $100
        nop
        .align 4, 1
        .align 4
        nop
        .align 4
x       .align 4, 2
        .fill 0
        .fill 0, 3
        .byte 1
lst     .brept 3
        inx
        .next
long    .brept 8
        iny
        .next
