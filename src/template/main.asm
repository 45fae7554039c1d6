; {{NAME}}: a C64 program started with `c64kit new`.
; Build:  c64kit build main.asm        Run:  c64kit run main.asm
; Test:   c64kit test                  (tests/main.test.toml calls `suma` in the emulator)
;         cargo test                   (the same from Rust: tests/routines.rs)

CHROUT  = $ffd2                 ; KERNAL: print the character in A

; Text as the C64 prints it (the same with or without 64tass's -a): letters
; in either case become the upper-case letters of the C64's start-up screen.
        .enc "petscii"
        .cdef " @", $20         ; space, digits and punctuation as they are
        .cdef "AZ", $41
        .cdef "az", $41
        .cdef "[[", $5b
        .cdef "]]", $5d
        .cdef "__", $a4         ; no underscore in PETSCII: the low line graphic

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
        sta opA
        lda #3
        sta opB
        jsr suma
        lda result
        ora #'0'                ; a single digit as PETSCII
        jsr CHROUT
        lda #13
        jmp CHROUT              ; and back to BASIC

; suma: result = opA + opB (8 bits, carry dropped). Preserves X and Y.
suma
        clc
        lda opA
        adc opB
        sta result
        rts

greeting .null "hello from {{LOWER}}! 2+3="
opA     .byte 0
opB     .byte 0
result  .byte 0
