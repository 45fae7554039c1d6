; GenJugadas.asm - move generation for the mouse and the cats, move
; validation on any board, and applying a move into a new child board.
;
; Moves are made from two tables indexed by the move number: the change of
; row and the change of column ($FF = -1). Generating a move does not check
; it; validaJugada does.

; Results of the routines that create a child board
JUGADA_OK       = $00           ; child created
JUGADA_INVALIDA = $ff           ; the move is not legal on the parent (or the piece is missing)
SIN_HUECO       = $fe           ; the parent already has 8 children
SIN_MEMORIA     = $fd           ; no room for another board below finArbol

; Mouse: 0 = (-1,-1), 1 = (-1,+1), 2 = (+1,+1), 3 = (+1,-1)
tblRatonF       .byte $ff, $ff, $01, $01
tblRatonC       .byte $ff, $01, $01, $ff
numJugadasRaton = 4

; Cats move down only: 0 = (+1,-1), 1 = (+1,+1)
tablaGatosF     .byte $01, $01
tablaGatosC     .byte $ff, $01
numJugadasGato  = 2
numGatos        = 4

; ---------------------------------------------------------------------------
; generaJugadaRaton: the mouse's square after move 0-3 (not validated).
; A move number above 3 gives $FF, $FF (off the board).
; In: gjrFila, gjrColumna, gjrJugada. Out: gjrNuevaFila, gjrNuevaColumna.
; Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
gjrFila         .byte $00
gjrColumna      .byte $00
gjrJugada       .byte $00
gjrNuevaFila    .byte $00
gjrNuevaColumna .byte $00
gjrTempX        .byte $00

generaJugadaRaton
        stx gjrTempX
        lda #$ff
        sta gjrNuevaFila
        sta gjrNuevaColumna
        ldx gjrJugada
        cpx #numJugadasRaton
        bcs _fin
        lda gjrFila
        clc
        adc tblRatonF,x
        sta gjrNuevaFila
        lda gjrColumna
        clc
        adc tblRatonC,x
        sta gjrNuevaColumna
_fin
        ldx gjrTempX
        rts

; ---------------------------------------------------------------------------
; generaJugadaGato: where cat 0-3 (row-major order, see dameGato) is and its
; square after move 0-1 (not validated). If the cat is missing or the move
; number is above 1, the new square is $FF, $FF (off the board).
; In: gjgTableroLo/Hi, gjgNumGato, gjgJugada.
; Out: gjgFila, gjgColumna (the cat now; $FF if missing),
;      gjgNuevaFila, gjgNuevaColumna.
; Preserves X and Y. Changes A, ptrTablero, the dg* and dfc* fields.
; ---------------------------------------------------------------------------
gjgTableroLo    .byte $00
gjgTableroHi    .byte $00
gjgNumGato      .byte $00
gjgJugada       .byte $00
gjgFila         .byte $00
gjgColumna      .byte $00
gjgNuevaFila    .byte $00
gjgNuevaColumna .byte $00
gjgTempX        .byte $00

generaJugadaGato
        stx gjgTempX
        lda gjgTableroLo
        sta dgTableroLo
        lda gjgTableroHi
        sta dgTableroHi
        lda gjgNumGato
        sta dgNumGato
        jsr dameGato
        lda dgOffset
        sta dfcOffset
        jsr dameFilaCol
        lda dfcFila
        sta gjgFila
        lda dfcColumna
        sta gjgColumna

        lda #$ff
        sta gjgNuevaFila
        sta gjgNuevaColumna
        lda gjgFila
        cmp #$ff
        beq _fin                ; no such cat
        ldx gjgJugada
        cpx #numJugadasGato
        bcs _fin
        clc
        adc tablaGatosF,x
        sta gjgNuevaFila
        lda gjgColumna
        clc
        adc tablaGatosC,x
        sta gjgNuevaColumna
_fin
        ldx gjgTempX
        rts

; ---------------------------------------------------------------------------
; validaJugada: can a piece move to (row, column) on this board?
; Off the board when a coordinate is $FF (-1) or 8 (any value above 7 is
; rejected); occupied when dameContenido is not empty.
; In: vjTableroLo/Hi, vjFila, vjColumna. Out: vjValida ($00 valid, $FF invalid).
; Preserves X and Y. Changes A, ptrTablero, the dc* and do* fields.
; ---------------------------------------------------------------------------
vjTableroLo     .byte $00
vjTableroHi     .byte $00
vjFila          .byte $00
vjColumna       .byte $00
vjValida        .byte $00

validaJugada
        lda #$ff                ; assume invalid
        sta vjValida
        lda vjFila
        cmp #8
        bcs _fin
        lda vjColumna
        cmp #8
        bcs _fin

        lda vjTableroLo
        sta dcTableroLo
        lda vjTableroHi
        sta dcTableroHi
        lda vjFila
        sta dcFila
        lda vjColumna
        sta dcColumna
        jsr dameContenido
        lda dcContenido
        cmp #VACIO
        bne _fin

        lda #$00
        sta vjValida
_fin
        rts

; ---------------------------------------------------------------------------
; creaHijo: a new child board for a parent, taken from the tree's free
; memory: a copy of the parent without children, level + 1, linked both ways
; (child's parent = parent, parent's first free child slot = child). The
; free-memory pointer advances by 88 bytes. The caller then moves the piece
; and sets the turn.
; In: chPadreLo/Hi. Out: chResultado (JUGADA_OK, SIN_HUECO, SIN_MEMORIA),
;     chHijoLo/Hi ($0000 unless JUGADA_OK), chNumHijo (the slot used),
;     arbolLibreLo/Hi, the parent's child slot, the child board.
; Preserves X and Y. Changes A, ptrTablero, ptrAux, the fields of the board
; routines it calls (dh*, ct*, fn*, fp*, fh*).
; ---------------------------------------------------------------------------
chPadreLo       .byte $00
chPadreHi       .byte $00
chResultado     .byte $00
chHijoLo        .byte $00
chHijoHi        .byte $00
chNumHijo       .byte $00
chSiguienteLo   .byte $00
chSiguienteHi   .byte $00
chTempX         .byte $00

creaHijo
        stx chTempX
        lda #0
        sta chHijoLo
        sta chHijoHi

        ; the parent's first free child slot
        lda chPadreLo
        sta dhTableroLo
        lda chPadreHi
        sta dhTableroHi
        ldx #0
_busca
        stx dhNumHijo
        jsr dameHijo
        lda dhHijoLo
        ora dhHijoHi
        beq _libre
        inx
        cpx #tabMaxHijos
        bne _busca
        lda #SIN_HUECO
        jmp _resultado
_libre
        stx chNumHijo

        ; room below finArbol for 88 more bytes?
        lda arbolLibreLo
        clc
        adc #tabLongitud
        sta chSiguienteLo
        lda arbolLibreHi
        adc #0
        sta chSiguienteHi
        bcs _sinMemoria         ; wrapped past $FFFF
        lda #<finArbol
        cmp chSiguienteLo
        lda #>finArbol
        sbc chSiguienteHi
        bcs _hayMemoria         ; finArbol >= next free address
_sinMemoria
        lda #SIN_MEMORIA
        jmp _resultado
_hayMemoria
        lda arbolLibreLo
        sta chHijoLo
        lda arbolLibreHi
        sta chHijoHi

        lda chPadreLo
        sta ctOrigenLo
        lda chPadreHi
        sta ctOrigenHi
        lda chHijoLo
        sta ctDestinoLo
        lda chHijoHi
        sta ctDestinoHi
        jsr copiaTableroSinHijos

        lda chHijoLo            ; level + 1
        sta dnTableroLo
        sta fnTableroLo
        lda chHijoHi
        sta dnTableroHi
        sta fnTableroHi
        jsr dameNivel
        ldx dnNivel
        inx
        stx fnNivel
        jsr fijaNivel

        lda chHijoLo            ; child -> parent
        sta fpTableroLo
        lda chHijoHi
        sta fpTableroHi
        lda chPadreLo
        sta fpPadreLo
        lda chPadreHi
        sta fpPadreHi
        jsr fijaPadre

        lda chPadreLo           ; parent -> child
        sta fhTableroLo
        lda chPadreHi
        sta fhTableroHi
        lda chNumHijo
        sta fhNumHijo
        lda chHijoLo
        sta fhHijoLo
        lda chHijoHi
        sta fhHijoHi
        jsr fijaHijo

        lda chSiguienteLo       ; the board is taken
        sta arbolLibreLo
        lda chSiguienteHi
        sta arbolLibreHi
        lda #JUGADA_OK
_resultado
        sta chResultado
        ldx chTempX
        rts

; ---------------------------------------------------------------------------
; aplicaJugadaRatonHijo: applies mouse move 0-3 of a board into a new child
; board (see creaHijo): the mouse leaves its square for the new one and the
; turn passes to the cats. Unless the result is JUGADA_OK only fields change.
; In: ajrTableroLo/Hi (the parent), ajrJugada.
; Out: ajrResultado (JUGADA_OK, JUGADA_INVALIDA, SIN_HUECO, SIN_MEMORIA),
;      ajrHijoLo/Hi ($0000 unless JUGADA_OK), ajrFila/ajrColumna (mouse before),
;      ajrNuevaFila/ajrNuevaColumna (mouse after).
; Preserves X and Y. Changes A, ptrTablero, ptrAux, the fields of the
; routines it calls.
; ---------------------------------------------------------------------------
ajrTableroLo    .byte $00
ajrTableroHi    .byte $00
ajrJugada       .byte $00
ajrResultado    .byte $00
ajrHijoLo       .byte $00
ajrHijoHi       .byte $00
ajrFila         .byte $00
ajrColumna      .byte $00
ajrNuevaFila    .byte $00
ajrNuevaColumna .byte $00

aplicaJugadaRatonHijo
        lda #0
        sta ajrHijoLo
        sta ajrHijoHi
        lda #$ff
        sta ajrFila
        sta ajrColumna
        sta ajrNuevaFila
        sta ajrNuevaColumna

        lda ajrTableroLo        ; where is the mouse?
        sta drTableroLo
        lda ajrTableroHi
        sta drTableroHi
        jsr dameRaton
        lda drOffset
        cmp #$ff
        bne _hayRaton
        jmp _invalida           ; no mouse on the board
_hayRaton
        sta dfcOffset
        jsr dameFilaCol
        lda dfcFila
        sta ajrFila
        sta gjrFila
        lda dfcColumna
        sta ajrColumna
        sta gjrColumna
        lda ajrJugada
        sta gjrJugada
        jsr generaJugadaRaton
        lda gjrNuevaFila
        sta ajrNuevaFila
        sta vjFila
        lda gjrNuevaColumna
        sta ajrNuevaColumna
        sta vjColumna

        lda ajrTableroLo        ; legal on the parent?
        sta vjTableroLo
        lda ajrTableroHi
        sta vjTableroHi
        jsr validaJugada
        lda vjValida
        bne _invalida

        lda ajrTableroLo
        sta chPadreLo
        lda ajrTableroHi
        sta chPadreHi
        jsr creaHijo
        lda chResultado
        bne _resultado
        lda chHijoLo
        sta ajrHijoLo
        sta fcTableroLo
        sta ftTableroLo
        lda chHijoHi
        sta ajrHijoHi
        sta fcTableroHi
        sta ftTableroHi

        lda ajrFila             ; the mouse leaves its square...
        sta fcFila
        lda ajrColumna
        sta fcColumna
        lda #VACIO
        sta fcContenido
        jsr fijaContenido
        lda ajrNuevaFila        ; ...for the new one
        sta fcFila
        lda ajrNuevaColumna
        sta fcColumna
        lda #RATON
        sta fcContenido
        jsr fijaContenido

        lda #TURNO_GATOS
        sta ftTurno
        jsr fijaTurno
        lda #JUGADA_OK
        beq _resultado
_invalida
        lda #JUGADA_INVALIDA
_resultado
        sta ajrResultado
        rts

; ---------------------------------------------------------------------------
; aplicaJugadaGatoHijo: applies move 0-1 of cat 0-3 (row-major order) of a
; board into a new child board (see creaHijo): the cat moves down and the
; turn passes to the mouse. Unless the result is JUGADA_OK only fields change.
; In: ajgTableroLo/Hi (the parent), ajgNumGato, ajgJugada.
; Out: ajgResultado (JUGADA_OK, JUGADA_INVALIDA, SIN_HUECO, SIN_MEMORIA),
;      ajgHijoLo/Hi ($0000 unless JUGADA_OK), ajgFila/ajgColumna (cat before),
;      ajgNuevaFila/ajgNuevaColumna (cat after).
; Preserves X and Y. Changes A, ptrTablero, ptrAux, the fields of the
; routines it calls.
; ---------------------------------------------------------------------------
ajgTableroLo    .byte $00
ajgTableroHi    .byte $00
ajgNumGato      .byte $00
ajgJugada       .byte $00
ajgResultado    .byte $00
ajgHijoLo       .byte $00
ajgHijoHi       .byte $00
ajgFila         .byte $00
ajgColumna      .byte $00
ajgNuevaFila    .byte $00
ajgNuevaColumna .byte $00

aplicaJugadaGatoHijo
        lda #0
        sta ajgHijoLo
        sta ajgHijoHi

        lda ajgTableroLo
        sta gjgTableroLo
        sta vjTableroLo
        lda ajgTableroHi
        sta gjgTableroHi
        sta vjTableroHi
        lda ajgNumGato
        sta gjgNumGato
        lda ajgJugada
        sta gjgJugada
        jsr generaJugadaGato
        lda gjgFila
        sta ajgFila
        lda gjgColumna
        sta ajgColumna
        lda gjgNuevaFila
        sta ajgNuevaFila
        sta vjFila
        lda gjgNuevaColumna
        sta ajgNuevaColumna
        sta vjColumna
        jsr validaJugada        ; a missing cat gives ($FF, $FF): invalid
        lda vjValida
        bne _invalida

        lda ajgTableroLo
        sta chPadreLo
        lda ajgTableroHi
        sta chPadreHi
        jsr creaHijo
        lda chResultado
        bne _resultado
        lda chHijoLo
        sta ajgHijoLo
        sta fcTableroLo
        sta ftTableroLo
        lda chHijoHi
        sta ajgHijoHi
        sta fcTableroHi
        sta ftTableroHi

        lda ajgFila             ; the cat leaves its square...
        sta fcFila
        lda ajgColumna
        sta fcColumna
        lda #VACIO
        sta fcContenido
        jsr fijaContenido
        lda ajgNuevaFila        ; ...for the new one
        sta fcFila
        lda ajgNuevaColumna
        sta fcColumna
        lda #GATO
        sta fcContenido
        jsr fijaContenido

        lda #TURNO_RATON
        sta ftTurno
        jsr fijaTurno
        lda #JUGADA_OK
        beq _resultado
_invalida
        lda #JUGADA_INVALIDA
_resultado
        sta ajgResultado
        rts
