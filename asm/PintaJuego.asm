; PintaJuego.asm - the game screen: a PETSCII checkerboard of 3x2-character
; squares with row and column labels, coloured pieces, the last move marked,
; a panel with the keys, and the message lines under the board.
;
;      0  1  2  3  4  5  6  7        <- row 2: column labels
;   0  G     G     G     G           <- rows 3-18: board row r on 3+2r, 4+2r
;      1     2     3     4              (each cat's number, paGatos)
;   ...
;   7           R
;   row 19: the mouse's last move    row 20: the cats' last move
;   row 21: whose turn / the result  row 22: warnings (illegal move, bad key)
;   row 23: the keys at the end of a game
;
; Light squares are reverse-video blocks; the dark squares (where the pieces
; live) are the background. Everything is printed with CHROUT, the cursor
; placed with PLOT; nothing is ever printed in column 39 or on row 24, so the
; screen never scrolls.

; Where things are on the screen
FILA_TABLERO    = 3             ; screen row of board row 0
COL_TABLERO     = 3             ; screen column of board column 0
COL_PANEL       = 28
FILA_RATON      = 19
FILA_GATOS      = 20
FILA_ESTADO     = 21
FILA_AVISO      = 22
FILA_TECLAS     = 23

; posiciona fila, columna: the cursor to a fixed place (changes A, X, Y)
posiciona .macro
        ldx #\1
        ldy #\2
        clc
        jsr plot
        .endm

; linea fila, cadena: prints a string at the start of a screen row and blanks
; the rest of the row (changes A, X, Y)
linea .macro
        lda #<\2
        sta pcCadenaLo
        lda #>\2
        sta pcCadenaHi
        ldx #\1
        jsr lineaJuego
        .endm

; ---------------------------------------------------------------------------
; lineaJuego: prints pcCadenaLo/Hi from column 0 of row X, then spaces up to
; column 38.
; In: X = the screen row, pcCadenaLo/Hi. Out: the screen. Changes A, X, Y,
; ptrAux.
; ---------------------------------------------------------------------------
lineaJuego
        ldy #0
        clc
        jsr plot
        jsr pintaCadena
        ; fall through

; rellenaLinea: spaces from the cursor up to column 38 (column 39 is never
; printed, so no line is ever linked to the next one).
; In: the cursor. Out: the screen. Changes A, X, Y.
rellenaLinea
        sec
        jsr plot                ; Y = the cursor's column
_mas
        cpy #39
        bcs _fin
        lda #' '
        jsr chrout
        iny
        bne _mas
_fin
        rts

; ---------------------------------------------------------------------------
; coloresJuego: the game's black screen and dark grey border.
; In: -. Out: vicBorde, vicFondo. Changes A.
; ---------------------------------------------------------------------------
coloresJuego
        lda #colorGrisOscuro
        sta vicBorde
        lda #colorNegro
        sta vicFondo
        rts

; coloresBasic: BASIC's colours back: border, background and the light blue
; text colour.
; In: -. Out: vicBorde, vicFondo, the text colour. Changes A.
coloresBasic
        lda #colorAzulClaro
        sta vicBorde
        lda #colorAzul
        sta vicFondo
        lda #colAzulClaro
        jmp chrout

; ---------------------------------------------------------------------------
; pintaDecimal: prints A (0-255) in decimal, without leading zeros.
; In: A. Out: the screen. Changes A, pdj* fields.
; ---------------------------------------------------------------------------
pdjValor        .byte $00
pdjCentenas     .byte $00
pdjDecenas      .byte $00

pintaDecimal
        sta pdjValor
        lda #0
        sta pdjCentenas
        sta pdjDecenas
_cien
        lda pdjValor
        cmp #100
        bcc _diez
        sbc #100
        sta pdjValor
        inc pdjCentenas
        bne _cien
_diez
        lda pdjValor
        cmp #10
        bcc _unidades
        sbc #10
        sta pdjValor
        inc pdjDecenas
        bne _diez
_unidades
        lda pdjCentenas
        beq _sinCentenas
        ora #'0'
        jsr chrout
        lda pdjDecenas          ; a zero ten is printed after hundreds
        ora #'0'
        jsr chrout
        jmp _ultima
_sinCentenas
        lda pdjDecenas
        beq _ultima
        ora #'0'
        jsr chrout
_ultima
        lda pdjValor
        ora #'0'
        jmp chrout

; ---------------------------------------------------------------------------
; pintaCasillaTexto: prints square A (0-63) as "row,column".
; In: A. Out: the screen. Changes A, pctCasilla.
; ---------------------------------------------------------------------------
pctCasilla      .byte $00

pintaCasillaTexto
        sta pctCasilla
        lsr a
        lsr a
        lsr a
        jsr pintaDigito
        lda #','
        jsr chrout
        lda pctCasilla
        and #7
        jmp pintaDigito

; ---------------------------------------------------------------------------
; pintaPantallaJuego: the whole game screen for a new game.
; In: paModo, profundidad, tableroActual, the pa* fields. Out: the screen.
; Changes A, X, Y, ptrAux.
; ---------------------------------------------------------------------------
pintaPantallaJuego
        jsr coloresJuego
        lda #petsciiClear
        jsr chrout
        lda #rvsOn
        jsr chrout
        #linea 0, cadBarraJuego
        lda #rvsOff
        jsr chrout
        jsr pintaModoJuego
        #linea 2, cadColumnasJuego
        jsr pintaPanelJuego
        jsr pintaTableroJuego
        jmp pintaInfoJuego

; pintaModoJuego: row 1, who plays what (and the level against the C64).
; In: paModo, profundidad. Out: the screen. Changes A, X, Y, ptrAux.
pintaModoJuego
        lda paModo
        cmp #MODO_DEMO
        beq _demo
        cmp #MODO_DOS
        beq _dos
        #linea 1, cadModoHumano
        jmp _nivel
_demo
        #linea 1, cadModoDemo
_nivel
        ldx #1                  ; the level after the text
        ldy #31
        clc
        jsr plot
        #pintaTexto cadNivelJuego
        lda profundidad
        jmp pintaDigito
_dos
        #linea 1, cadModoDos
        rts

; pintaPanelJuego: the key panel right of the board.
; In: paModo. Out: the screen. Changes A, X, Y, ptrAux.
pintaPanelJuego
        lda #colVerdeClaro
        jsr chrout
        #posiciona 3, COL_PANEL
        #pintaTexto cadPanel1
        #posiciona 5, COL_PANEL
        #pintaTexto cadPanel2
        #posiciona 6, COL_PANEL
        #pintaTexto cadPanel3
        #posiciona 7, COL_PANEL
        #pintaTexto cadPanel4
        #posiciona 8, COL_PANEL
        #pintaTexto cadPanel5
        #posiciona 9, COL_PANEL
        #pintaTexto cadPanel6
        #posiciona 11, COL_PANEL
        #pintaTexto cadPanel7
        #posiciona 12, COL_PANEL
        #pintaTexto cadPanel8
        #posiciona 14, COL_PANEL
        lda paModo
        cmp #MODO_DEMO
        beq _demo
        #pintaTexto cadPanel9
        rts
_demo
        #pintaTexto cadPanelDemo
        rts

; ---------------------------------------------------------------------------
; pintaInfoJuego: the move counter in the panel and the last moves of the
; mouse and of the cats (rows 19 and 20), the cat named by its number.
; In: paJugadas, paRatonDe/A, paGatoDe/A, paGatoNum. Out: the screen.
; Changes A, X, Y, ptrAux.
; ---------------------------------------------------------------------------
pintaInfoJuego
        #posiciona 16, COL_PANEL
        #pintaTexto cadJugadaNum
        lda paJugadas
        jsr pintaDecimal
        jsr rellenaLinea

        ldx #FILA_RATON
        ldy #0
        clc
        jsr plot
        lda paRatonDe
        cmp #$ff
        beq _sinRaton
        #pintaTexto cadUltRaton
        lda paRatonDe
        jsr pintaCasillaTexto
        #pintaTexto cadHacia
        lda paRatonA
        jsr pintaCasillaTexto
_sinRaton
        jsr rellenaLinea

        ldx #FILA_GATOS
        ldy #0
        clc
        jsr plot
        lda paGatoDe
        cmp #$ff
        beq _sinGato
        #pintaTexto cadUltGato
        lda paGatoNum
        clc
        adc #1
        jsr pintaDigito
        #pintaTexto cadDosPuntosJuego
        lda paGatoDe
        jsr pintaCasillaTexto
        #pintaTexto cadHacia
        lda paGatoA
        jsr pintaCasillaTexto
_sinGato
        jmp rellenaLinea

; ---------------------------------------------------------------------------
; pintaTableroJuego: the 8x8 board from tableroActual (rows 3-18), each cat
; with its number under it. The square the last piece left shows a dot, the
; piece that moved is yellow, the cat chosen by a human player (paGatoSel)
; is cyan.
; In: tableroActual, paGatos, paMarcaDe/A, paGatoSel. Out: the screen,
; paGatos (compruebaGatos). Changes A, X, Y.
; ---------------------------------------------------------------------------
ptjFila         .byte $00
ptjLinea        .byte $00       ; 0 = the squares' upper line, 1 = the lower
ptjColumna      .byte $00
ptjCasilla      .byte $00

pintaTableroJuego
        jsr compruebaGatos
        lda #0
        sta ptjFila
_fila
        lda #0
        sta ptjLinea
        jsr pintaLineaFila
        inc ptjLinea
        jsr pintaLineaFila
        inc ptjFila
        lda ptjFila
        cmp #8
        bne _fila
        rts

; pintaLineaFila: one screen line of board row ptjFila (line ptjLinea).
; In: ptjFila, ptjLinea. Out: the screen. Changes A, X, Y, ptjCasilla,
; ptjColumna.
pintaLineaFila
        lda ptjFila
        asl a
        clc
        adc #FILA_TABLERO
        adc ptjLinea
        tax
        ldy #0
        clc
        jsr plot
        lda #colGrisClaro
        jsr chrout
        lda #' '
        jsr chrout
        lda ptjLinea
        bne _sinEtiqueta
        lda ptjFila
        jsr pintaDigito
        jmp _tras
_sinEtiqueta
        lda #' '
        jsr chrout
_tras
        lda #' '
        jsr chrout
        lda ptjFila
        asl a
        asl a
        asl a
        sta ptjCasilla
        lda #0
        sta ptjColumna
_celda
        jsr pintaCeldaJuego
        inc ptjCasilla
        inc ptjColumna
        lda ptjColumna
        cmp #8
        bne _celda
        rts

; pintaCeldaJuego: one line (3 characters) of square ptjCasilla.
; In: ptjFila, ptjColumna, ptjCasilla, ptjLinea. Out: the screen.
; Changes A, X.
pintaCeldaJuego
        lda ptjFila
        eor ptjColumna
        and #1
        beq _oscura
        lda #colGris            ; light square: a block
        jsr chrout
        lda #rvsOn
        jsr chrout
        jsr _tresEspacios
        lda #rvsOff
        jmp chrout
_oscura
        ldx ptjCasilla
        lda tableroActual+tabMatriz,x
        cmp #RATON
        beq _raton
        cmp #GATO
        beq _gato
        cpx paMarcaDe           ; empty: a dot where the last piece was
        bne _tresEspacios
        lda ptjLinea
        bne _tresEspacios
        lda #colAmarillo
        jsr chrout
        lda #'.'
        jmp _centrada
_raton
        lda #colBlanco
        cpx paMarcaA
        bne _colorRaton
        lda #colAmarillo
_colorRaton
        jsr chrout
        lda ptjLinea
        bne _tresEspacios
        lda #'r'
        jmp _centrada
_gato
        lda #colRojoClaro
        cpx paMarcaA
        bne _noMovido
        lda #colAmarillo
_noMovido
        cpx paGatoSel
        bne _colorGato
        lda #colCian
_colorGato
        jsr chrout
        lda ptjLinea
        bne _numero
        lda #'g'
        jmp _centrada
_numero
        lda ptjCasilla          ; the cat's own number, 1-4
        jsr numeroGatoEn
        bcs _tresEspacios       ; none: compruebaGatos makes that impossible
        inx
        txa
        ora #'0'
_centrada
        pha
        lda #' '
        jsr chrout
        pla
        jsr chrout
        lda #' '
        jmp chrout
_tresEspacios
        lda #' '
        jsr chrout
        jsr chrout
        jmp chrout

cadBarraJuego   .null " ryg - el raton y los gatos"
cadModoHumano   .null colVerdeClaro, "you: mouse   c64: cats"
cadModoDemo     .null colVerdeClaro, "demo: c64 against c64"
cadModoDos      .null colVerdeClaro, "two players: mouse and cats"
cadNivelJuego   .null "level "
cadColumnasJuego .null colGrisClaro, "    0  1  2  3  4  5  6  7"
cadPanel1       .null "mouse keys"
cadPanel2       .null "q       w"
cadPanel3       .null "  ", $cd, "   ", $ce
cadPanel4       .null colBlanco, "    r", colVerdeClaro
cadPanel5       .null "  ", $ce, "   ", $cd
cadPanel6       .null "a       s"
cadPanel7       .null "cats: 1-4,"
cadPanel8       .null "then a or s"
cadPanel9       .null "x: end game"
cadPanelDemo    .null "key: stop"
cadJugadaNum    .null colGrisClaro, "moves: "
cadUltRaton     .null colBlanco, "mouse moved "
cadUltGato      .null colRojoClaro, "cat "
cadDosPuntosJuego .null " moved "
cadHacia        .null " to "
