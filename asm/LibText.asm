; LibText.asm - text output and keyboard input through the KERNAL.
; Only documented KERNAL entries: CHROUT $FFD2 (X and Y kept) and GETIN $FFE4
; (may change X and Y, so leeTeclado saves them). Every routine here keeps
; X and Y for its caller.

; ---------------------------------------------------------------------------
; pintaHex: prints A as two hex digits.
; In: A. Out: the screen. Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
phValor         .byte $00
phTempX         .byte $00

tblHex          .text "0123456789abcdef"

pintaHex
        stx phTempX
        sta phValor
        lsr a
        lsr a
        lsr a
        lsr a
        tax
        lda tblHex,x
        jsr chrout
        lda phValor
        and #$0f
        tax
        lda tblHex,x
        jsr chrout
        ldx phTempX
        rts

; ---------------------------------------------------------------------------
; pintaDigito: prints the low nibble of A as one hex digit.
; In: A. Out: the screen. Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
pdTempX         .byte $00

pintaDigito
        stx pdTempX
        and #$0f
        tax
        lda tblHex,x
        jsr chrout
        ldx pdTempX
        rts

; ---------------------------------------------------------------------------
; pintaCadena: prints a zero-terminated string (any length).
; Uses the second pointer ptrAux ($FD/$FE), never the board pointer
; ptrTablero ($FB/$FC), so printing between board calls does not disturb it.
; In: pcCadenaLo/Hi. Out: the screen. Preserves X and Y. Changes A, ptrAux.
; ---------------------------------------------------------------------------
pcCadenaLo      .byte $00
pcCadenaHi      .byte $00
pcTempY         .byte $00

; pintaTexto cadena: prints the zero-terminated string at label cadena
; (changes A and ptrAux)
pintaTexto .macro
        lda #<\1
        sta pcCadenaLo
        lda #>\1
        sta pcCadenaHi
        jsr pintaCadena
        .endm

pintaCadena
        sty pcTempY
        lda pcCadenaLo
        sta ptrAux
        lda pcCadenaHi
        sta ptrAux+1
        ldy #0
_bucle
        lda (ptrAux),y
        beq _fin
        jsr chrout
        iny
        bne _bucle
        inc ptrAux+1         ; next page of a long string
        bne _bucle
_fin
        ldy pcTempY
        rts

; ---------------------------------------------------------------------------
; leeTeclado: reads hex digits (0-9, A-F) from the keyboard with GETIN,
; echoing each one and ignoring other keys, and returns their value
; (the last two digits count when more than two are asked for).
; In: ltNumDigitos (0 returns 0 at once). Out: ltValor, the screen (echo).
; Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
ltNumDigitos    .byte $02
ltValor         .byte $00
ltContador      .byte $00
ltTecla         .byte $00
ltTempX         .byte $00
ltTempY         .byte $00

leeTeclado
        stx ltTempX
        sty ltTempY
        lda #0
        sta ltValor
        lda ltNumDigitos
        sta ltContador
        beq _fin
_espera
        jsr getin
        beq _espera             ; no key yet
        sta ltTecla
        cmp #'0'
        bcc _espera
        cmp #'9'+1
        bcc _digito
        cmp #'a'                ; PETSCII "A" ($41) with --ascii
        bcc _espera
        cmp #'f'+1
        bcs _espera
        sbc #'a'-10-1           ; carry clear here: subtracts one more
        jmp _suma
_digito
        sec
        sbc #'0'
_suma
        asl ltValor             ; value = value * 16 + digit
        asl ltValor
        asl ltValor
        asl ltValor
        ora ltValor
        sta ltValor
        lda ltTecla             ; echo
        jsr chrout
        dec ltContador
        bne _espera
_fin
        ldx ltTempX
        ldy ltTempY
        rts
