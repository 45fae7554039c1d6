; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes by pointer, so its own order varies run to run
; .for (both forms), .rept, .while, .break, .continue, scoped loops
* = $3000
        ldx #0
        lda #32
lp      .for ue := $400, ue < $800, ue += $100
        sta ue,x
        .endfor
        dex
        bne lp
        .for col in 0, 11, 12, 15, 1
        lda #col
        sta $d020
        .next
        .for i = 0, i < 4, i += 1
        .byte i * 2
        .next
        .for a, b in [(1, 2), (3, 4)]
        .byte a + b
        .endfor
        .rept 3
-       inx
        bne -
        .endrept
        .rept 4
        .byte $ea
        .next
n       := 1
        .while n < 100
        .byte n
n       *= 3
        .endwhile
        .for i = 0, i < 10, i += 1
        .continueif i % 2 == 0
        .breakif i > 6
        .byte i
        .next
        .for i = 0, i < 5, i += 1
        .if i == 3
        .break
        .endif
        .byte $f0 + i
        .endfor
lst     .brept 3
label   jmp label
        .endrept
        jmp lst[1].label
        .bfor k in range(2)
here    .byte k
        .endfor
        .for x in []
        .byte 99
        .endfor
        .rept 0
        .byte 98
        .endrept
        .for i := 0, i < 3, i += 1
        .for j := 0, j < 2, j += 1
        .byte i * 10 + j
        .endfor
        .endfor
