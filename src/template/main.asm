; {{NAME}}: a C64 program started with `c64kit new`.
; Build:  c64kit build main.asm        Run:  c64kit run main.asm
; Test:   cargo test                   (tests/routines.rs calls `suma` in the emulator)

CHROUT  = $ffd2                 ; KERNAL: print the character in A

        * = $0801               ; BASIC line: 10 SYS 2064
        .word basicEnd, 10
        .byte $9e
        .text "2064"
        .byte 0
basicEnd .word 0

        * = $0810               ; code starts at 2064
main
        ldx #0
-       lda greeting,x          ; print the zero-terminated greeting
        beq +
        jsr CHROUT
        inx
        bne -
+       lda #2                  ; 2 + 3, through the tested routine
        sta sumA
        lda #3
        sta sumB
        jsr suma
        lda sumR
        ora #'0'                ; a single digit as PETSCII
        jsr CHROUT
        lda #13
        jmp CHROUT              ; and back to BASIC

; suma: sumR = sumA + sumB (8 bits, carry dropped). Preserves X and Y.
suma
        clc
        lda sumA
        adc sumB
        sta sumR
        rts

greeting .null "hello from {{LOWER}}! 2+3="   ; lower case in the source = upper case on screen
sumA    .byte 0
sumB    .byte 0
sumR    .byte 0
