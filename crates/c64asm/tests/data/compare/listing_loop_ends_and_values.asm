; 64tass: -a -C
; labels in any order
; Listing rows 64tass writes at the edges: a loop whose last round was left
; by `.continueif`/`.break` (its closing line is listed after it with
; `--verbose-list`), a loop inside another one's rounds, a `.binary` that
; reads no bytes, and constants whose value 64tass's repr gives up on for
; the column (an integer over 32 bits asks for 18 characters).
        * = $1000
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
short   = (-1478084176, 574288, -738659291)
fits    = (-1478084176, 574288, -7386592912)
left    = (-1478084176, 574288, -7386592912, -34359738576)
words   = [12345678901234567890123456, 1]
nested  = (1, [2, -4294967296], {3: 17179869184})
