; PintaTableros.asm - paints a board on the text screen:
;
;   --------------------
;   tablero: 1234
;   nivel: 00 turno: 01 valor: 80
;   padre: 0000
;   hijos: 0000 0000 0000 0000
;          0000 0000 0000 0000
;   --------------------
;     01234567
;   0 g.g.g.g.
;   ...
;   7 ...r....
;   --------------------
;
; (on screen in capitals: R mouse, G cat, . empty)

; ---------------------------------------------------------------------------
; pintaTablero: header fields as hex, then the 8x8 matrix.
; In: ptTableroLo/Hi (the sub-routines below read the board from there too).
; Out: the screen. Preserves X and Y. Changes A, ptrTablero, ptrAux, the
; fields of the routines it calls.
; ---------------------------------------------------------------------------
ptTableroLo     .byte $00
ptTableroHi     .byte $00

pintaTablero
        jsr pintaSeparador
        jsr pintaDatosBasicos
        jsr pintaPadreHijos
        jsr pintaSeparador
        jsr pintaTabla
        jmp pintaSeparador

; pintaSeparador: a line of dashes.
; In: -. Out: the screen. Preserves X and Y. Changes A, ptrAux.
pintaSeparador
        #pintaTexto cadSeparador
        rts

; pintaDatosBasicos: "tablero: aaaa" and "nivel: nn turno: tt valor: vv".
; In: ptTableroLo/Hi. Out: the screen. Preserves X and Y. Changes A,
; ptrTablero, ptrAux, the ddb* fields.
pintaDatosBasicos
        #pintaTexto cadTablero
        lda ptTableroHi
        jsr pintaHex
        lda ptTableroLo
        jsr pintaHex

        lda ptTableroLo
        sta ddbTableroLo
        lda ptTableroHi
        sta ddbTableroHi
        jsr dameDatosBasicos
        #pintaTexto cadNivel
        lda ddbNivel
        jsr pintaHex
        #pintaTexto cadTurno
        lda ddbTurno
        jsr pintaHex
        #pintaTexto cadValor
        lda ddbValor
        jsr pintaHex
        lda #petsciiReturn
        jmp chrout

; pintaPadreHijos: "padre: pppp" and the 8 children on two lines of four.
; In: ptTableroLo/Hi. Out: the screen. Preserves X and Y. Changes A,
; ptrTablero, ptrAux, the dp* and dh* fields.
pphTempX        .byte $00

pintaPadreHijos
        stx pphTempX
        #pintaTexto cadPadre
        lda ptTableroLo
        sta dpTableroLo
        lda ptTableroHi
        sta dpTableroHi
        jsr damePadre
        lda dpPadreHi
        jsr pintaHex
        lda dpPadreLo
        jsr pintaHex

        #pintaTexto cadHijos
        lda ptTableroLo
        sta dhTableroLo
        lda ptTableroHi
        sta dhTableroHi
        ldx #0
_hijo
        cpx #4                  ; second line of children
        bne _mismaLinea
        #pintaTexto cadHijos2
_mismaLinea
        stx dhNumHijo
        jsr dameHijo
        lda #' '
        jsr chrout
        lda dhHijoHi
        jsr pintaHex
        lda dhHijoLo
        jsr pintaHex
        inx
        cpx #tabMaxHijos
        bne _hijo
        lda #petsciiReturn
        jsr chrout
        ldx pphTempX
        rts

; pintaTabla: the matrix, row by row, under a line of column numbers.
; In: ptTableroLo/Hi. Out: the screen. Preserves X and Y. Changes A,
; ptrTablero, ptrAux, the pf* and dc* fields.
ptaTempX        .byte $00

pintaTabla
        stx ptaTempX
        #pintaTexto cadColumnas
        ldx #0
_fila
        txa
        jsr pintaDigito
        lda #' '
        jsr chrout
        stx pfFila
        jsr pintaFila
        lda #petsciiReturn
        jsr chrout
        inx
        cpx #8
        bne _fila
        ldx ptaTempX
        rts

; pintaFila: the 8 squares of one row.
; In: ptTableroLo/Hi, pfFila. Out: the screen. Preserves X and Y. Changes A,
; ptrTablero, the dc* and do* fields.
pfFila          .byte $00
pfTempY         .byte $00

pintaFila
        sty pfTempY
        lda ptTableroLo
        sta dcTableroLo
        lda ptTableroHi
        sta dcTableroHi
        lda pfFila
        sta dcFila
        ldy #0
_columna
        sty dcColumna
        jsr dameContenido
        lda dcContenido
        jsr pintaFicha
        iny
        cpy #8
        bne _columna
        ldy pfTempY
        rts

; pintaFicha: R for the mouse, G for a cat, . for anything else.
; In: A = the square's content. Out: the screen. Preserves X and Y. Changes A.
pintaFicha
        cmp #RATON
        bne _noRaton
        lda #'r'
        jmp chrout
_noRaton
        cmp #GATO
        bne _vacia
        lda #'g'
        jmp chrout
_vacia
        lda #'.'
        jmp chrout

cadSeparador    .null "--------------------", petsciiReturn
cadTablero      .null "tablero: "
cadNivel        .null petsciiReturn, "nivel: "
cadTurno        .null " turno: "
cadValor        .null " valor: "
cadPadre        .null "padre: "
cadHijos        .null petsciiReturn, "hijos:"
cadHijos2       .null petsciiReturn, "      "
cadColumnas     .null "  01234567", petsciiReturn
