; 64tass: -a -C
; labels in any order
; As listing_loop_ends_and_values.asm, with a program counter column
; (code under `.logical`), which moves the source column on by 8.
        * = $1000
        .logical $c000
        .rept 2
        .continueif 1
        nop
        .endrept
        .rept 3
        .breakif 1
        nop
        .endrept
        .rept 2
        inx
        .continueif 1
        nop
        .endrept
        .bfor i = 0, i < 3, i += 1
        .continueif i == 2
        .byte i
again   .next
        .for e in [1, 2, 3]
        iny
        .rept 0
        .endrept
        .endfor
n       := 0
        .while n < 3
n       += 1
        .continueif n == 3
        .byte n
        .endwhile
        .binary "inc/blob.bin", 0, 0
        .binary "inc/blob.bin", 100000
        rts
        .here
short   = (-1478084176, 574288, -738659291)
fits    = (-1478084176, 574288, -7386592912)
left    = (-1478084176, 574288, -7386592912, -34359738576)
words   = [12345678901234567890123456, 1]
nested  = (1, [2, -4294967296], {3: 17179869184})
longer  = (-1478084176, 574288, -7386592912, -3435973857, 1)
addr    = #-34359738576
