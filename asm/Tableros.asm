; Tableros.asm - the board data structure and the routines that handle it.
;
; A board is 88 bytes, named by the address of its first byte:
;
;   offset  0- 2  $AA $AA $AA  recognisable prefix (a board is 11 rows of 8 in a memory view)
;   offset  3     level        depth in the game tree
;   offset  4     turn         $01 mouse to move, $FF cats to move
;   offset  5     value        evaluation / minimax value ($80 neutral, high favours the mouse)
;   offset  6- 7  parent       lo, hi ($0000 = none)
;   offset  8-23  children     8 pointers lo, hi ($0000 = none)
;   offset 24-87  matrix       8x8, row r starts at 24 + 8*r; $00 empty, $01 mouse, $FF cat
;
; Every routine takes its board as a pointer in its own fields (xxTableroLo/Hi),
; copies it to the zero-page pointer ptrTablero ($FB/$FC) and reaches the
; fields with lda (ptrTablero),y / sta (ptrTablero),y. Parameters and results
; live in named fields next to each routine. X and Y are preserved (fields
; xxTempX / xxTempY); A is not.

; Field offsets inside a board
tabPrefijo      = 0
tabNivel        = 3
tabTurno        = 4
tabValor        = 5
tabPadre        = 6
tabHijos        = 8
tabMatriz       = 24
tabLongitud     = 88
tabMaxHijos     = 8

; Square contents
VACIO           = $00
RATON           = $01
GATO            = $ff

; Turn and value
TURNO_RATON     = $01
TURNO_GATOS     = $ff
VALOR_NEUTRO    = $80

; apuntaTablero lo, hi: $FB/$FC = the board whose address is in fields lo/hi
apuntaTablero .macro
        lda \1
        sta ptrTablero
        lda \2
        sta ptrTablero+1
        .endm

; ---------------------------------------------------------------------------
; inicializaTablero: the initial position. Prefix $AA $AA $AA, level 0,
; turn = mouse, value $80, no parent, no children; cats on row 0 at columns
; 0, 2, 4, 6; the mouse on row 7 at column 3.
; In: itTableroLo/Hi. Out: the board's 88 bytes.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
itTableroLo     .byte $00
itTableroHi     .byte $00
itTempY         .byte $00

inicializaTablero
        sty itTempY
        #apuntaTablero itTableroLo, itTableroHi

        ldy #tabPrefijo
        lda #$aa
_prefijo
        sta (ptrTablero),y
        iny
        cpy #tabNivel
        bne _prefijo

        lda #0                  ; y = tabNivel
        sta (ptrTablero),y
        iny
        lda #TURNO_RATON        ; y = tabTurno
        sta (ptrTablero),y
        iny
        lda #VALOR_NEUTRO       ; y = tabValor
        sta (ptrTablero),y
        iny

        lda #0                  ; parent, children and matrix start empty
_ceros
        sta (ptrTablero),y
        iny
        cpy #tabLongitud
        bne _ceros

        lda #GATO
        ldy #tabMatriz+0
        sta (ptrTablero),y
        ldy #tabMatriz+2
        sta (ptrTablero),y
        ldy #tabMatriz+4
        sta (ptrTablero),y
        ldy #tabMatriz+6
        sta (ptrTablero),y
        lda #RATON
        ldy #tabMatriz+7*8+3
        sta (ptrTablero),y

        ldy itTempY
        rts

; ---------------------------------------------------------------------------
; fijaNivel: sets the board's level (offset 3).
; In: fnTableroLo/Hi, fnNivel. Out: the level byte.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
fnTableroLo     .byte $00
fnTableroHi     .byte $00
fnNivel         .byte $00
fnTempY         .byte $00

fijaNivel
        sty fnTempY
        #apuntaTablero fnTableroLo, fnTableroHi
        ldy #tabNivel
        lda fnNivel
        sta (ptrTablero),y
        ldy fnTempY
        rts

; dameNivel: the board's level (offset 3).
; In: dnTableroLo/Hi. Out: dnNivel. Preserves X and Y. Changes A, ptrTablero.
dnTableroLo     .byte $00
dnTableroHi     .byte $00
dnNivel         .byte $00
dnTempY         .byte $00

dameNivel
        sty dnTempY
        #apuntaTablero dnTableroLo, dnTableroHi
        ldy #tabNivel
        lda (ptrTablero),y
        sta dnNivel
        ldy dnTempY
        rts

; ---------------------------------------------------------------------------
; fijaTurno: sets whose turn it is on the board (offset 4: $01 mouse, $FF cats).
; In: ftTableroLo/Hi, ftTurno. Out: the turn byte.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
ftTableroLo     .byte $00
ftTableroHi     .byte $00
ftTurno         .byte $00
ftTempY         .byte $00

fijaTurno
        sty ftTempY
        #apuntaTablero ftTableroLo, ftTableroHi
        ldy #tabTurno
        lda ftTurno
        sta (ptrTablero),y
        ldy ftTempY
        rts

; dameTurno: whose turn it is on the board (offset 4: $01 mouse, $FF cats).
; In: dtTableroLo/Hi. Out: dtTurno. Preserves X and Y. Changes A, ptrTablero.
dtTableroLo     .byte $00
dtTableroHi     .byte $00
dtTurno         .byte $00
dtTempY         .byte $00

dameTurno
        sty dtTempY
        #apuntaTablero dtTableroLo, dtTableroHi
        ldy #tabTurno
        lda (ptrTablero),y
        sta dtTurno
        ldy dtTempY
        rts

; ---------------------------------------------------------------------------
; fijaValor: sets the board's value (offset 5).
; In: fvTableroLo/Hi, fvValor. Out: the value byte.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
fvTableroLo     .byte $00
fvTableroHi     .byte $00
fvValor         .byte $00
fvTempY         .byte $00

fijaValor
        sty fvTempY
        #apuntaTablero fvTableroLo, fvTableroHi
        ldy #tabValor
        lda fvValor
        sta (ptrTablero),y
        ldy fvTempY
        rts

; dameValor: the board's value (offset 5).
; In: dvTableroLo/Hi. Out: dvValor. Preserves X and Y. Changes A, ptrTablero.
dvTableroLo     .byte $00
dvTableroHi     .byte $00
dvValor         .byte $00
dvTempY         .byte $00

dameValor
        sty dvTempY
        #apuntaTablero dvTableroLo, dvTableroHi
        ldy #tabValor
        lda (ptrTablero),y
        sta dvValor
        ldy dvTempY
        rts

; ---------------------------------------------------------------------------
; fijaPadre: sets the board's parent pointer (offsets 6-7; $0000 = none).
; In: fpTableroLo/Hi, fpPadreLo/Hi. Out: the parent bytes.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
fpTableroLo     .byte $00
fpTableroHi     .byte $00
fpPadreLo       .byte $00
fpPadreHi       .byte $00
fpTempY         .byte $00

fijaPadre
        sty fpTempY
        #apuntaTablero fpTableroLo, fpTableroHi
        ldy #tabPadre
        lda fpPadreLo
        sta (ptrTablero),y
        iny
        lda fpPadreHi
        sta (ptrTablero),y
        ldy fpTempY
        rts

; damePadre: the board's parent pointer (offsets 6-7; $0000 = none).
; In: dpTableroLo/Hi. Out: dpPadreLo/Hi. Preserves X and Y. Changes A,
; ptrTablero.
dpTableroLo     .byte $00
dpTableroHi     .byte $00
dpPadreLo       .byte $00
dpPadreHi       .byte $00
dpTempY         .byte $00

damePadre
        sty dpTempY
        #apuntaTablero dpTableroLo, dpTableroHi
        ldy #tabPadre
        lda (ptrTablero),y
        sta dpPadreLo
        iny
        lda (ptrTablero),y
        sta dpPadreHi
        ldy dpTempY
        rts

; ---------------------------------------------------------------------------
; fijaHijo: sets child pointer number 0-7 (offset 8 + 2n; $0000 = none).
; A child number above 7 writes nothing.
; In: fhTableroLo/Hi, fhNumHijo, fhHijoLo/Hi. Out: the child's two bytes.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
fhTableroLo     .byte $00
fhTableroHi     .byte $00
fhNumHijo       .byte $00
fhHijoLo        .byte $00
fhHijoHi        .byte $00
fhTempY         .byte $00

fijaHijo
        sty fhTempY
        lda fhNumHijo
        cmp #tabMaxHijos
        bcs _fin
        #apuntaTablero fhTableroLo, fhTableroHi
        lda fhNumHijo           ; offset = 8 + 2 * n
        asl a
        adc #tabHijos           ; carry is clear: n < 8
        tay
        lda fhHijoLo
        sta (ptrTablero),y
        iny
        lda fhHijoHi
        sta (ptrTablero),y
_fin
        ldy fhTempY
        rts

; dameHijo: child pointer number 0-7 (offset 8 + 2n; $0000 = none).
; In: dhTableroLo/Hi, dhNumHijo. Out: dhHijoLo/Hi ($0000 for a number above 7).
; Preserves X and Y. Changes A, ptrTablero.
dhTableroLo     .byte $00
dhTableroHi     .byte $00
dhNumHijo       .byte $00
dhHijoLo        .byte $00
dhHijoHi        .byte $00
dhTempY         .byte $00

dameHijo
        sty dhTempY
        lda #0
        sta dhHijoLo
        sta dhHijoHi
        lda dhNumHijo
        cmp #tabMaxHijos
        bcs _fin
        #apuntaTablero dhTableroLo, dhTableroHi
        lda dhNumHijo           ; offset = 8 + 2 * n
        asl a
        adc #tabHijos           ; carry is clear: n < 8
        tay
        lda (ptrTablero),y
        sta dhHijoLo
        iny
        lda (ptrTablero),y
        sta dhHijoHi
_fin
        ldy dhTempY
        rts

; ---------------------------------------------------------------------------
; dameOffset: (row, column) -> offset of that square from the start of the
; board, through the table of row starts. $FF when row or column is not 0-7.
; In: doFila, doColumna. Out: doOffset. Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
doFila          .byte $00
doColumna       .byte $00
doOffset        .byte $00
doTempX         .byte $00

; Row starts 0-7, then the first offset past the matrix (used by dameFilaCol)
tblOffsets      .byte 24, 32, 40, 48, 56, 64, 72, 80, 88

dameOffset
        stx doTempX
        lda #$ff                ; assume off the board
        sta doOffset
        lda doFila
        cmp #8
        bcs _fin
        lda doColumna
        cmp #8
        bcs _fin
        ldx doFila
        lda tblOffsets,x
        clc
        adc doColumna
        sta doOffset
_fin
        ldx doTempX
        rts

; ---------------------------------------------------------------------------
; dameFilaCol: offset -> (row, column), the inverse of dameOffset.
; Compares against the row starts from the last row up; $FF, $FF when the
; offset is not inside the matrix (below 24 or above 87).
; In: dfcOffset. Out: dfcFila, dfcColumna. Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
dfcOffset       .byte $00
dfcFila         .byte $00
dfcColumna      .byte $00
dfcTempX        .byte $00

dameFilaCol
        stx dfcTempX
        lda #$ff
        sta dfcFila
        sta dfcColumna
        lda dfcOffset
        cmp tblOffsets+8        ; "row 8": past the matrix
        bcs _fin
        ldx #7
_bucle
        cmp tblOffsets,x
        bcs _encontrada
        dex
        bpl _bucle
        bmi _fin                ; before row 0
_encontrada
        stx dfcFila
        sec
        sbc tblOffsets,x
        sta dfcColumna
_fin
        ldx dfcTempX
        rts

; ---------------------------------------------------------------------------
; fijaContenido: puts a piece on (row, column). Off-board squares are ignored.
; In: fcTableroLo/Hi, fcFila, fcColumna, fcContenido ($00, $01, $FF).
; Out: the square. Preserves X and Y. Changes A, ptrTablero, the do* fields.
; ---------------------------------------------------------------------------
fcTableroLo     .byte $00
fcTableroHi     .byte $00
fcFila          .byte $00
fcColumna       .byte $00
fcContenido     .byte $00
fcTempY         .byte $00

fijaContenido
        sty fcTempY
        lda fcFila
        sta doFila
        lda fcColumna
        sta doColumna
        jsr dameOffset
        ldy doOffset
        cpy #$ff
        beq _fin
        #apuntaTablero fcTableroLo, fcTableroHi
        lda fcContenido
        sta (ptrTablero),y
_fin
        ldy fcTempY
        rts

; ---------------------------------------------------------------------------
; dameContenido: the piece on (row, column). An off-board square reads as
; $FF (blocked, like a cat), so it never looks free.
; In: dcTableroLo/Hi, dcFila, dcColumna. Out: dcContenido.
; Preserves X and Y. Changes A, ptrTablero, the do* fields.
; ---------------------------------------------------------------------------
dcTableroLo     .byte $00
dcTableroHi     .byte $00
dcFila          .byte $00
dcColumna       .byte $00
dcContenido     .byte $00
dcTempY         .byte $00

dameContenido
        sty dcTempY
        lda dcFila
        sta doFila
        lda dcColumna
        sta doColumna
        jsr dameOffset
        lda #$ff
        ldy doOffset
        cpy #$ff
        beq _fin
        #apuntaTablero dcTableroLo, dcTableroHi
        lda (ptrTablero),y
_fin
        sta dcContenido
        ldy dcTempY
        rts

; ---------------------------------------------------------------------------
; dameRaton: offset of the mouse, $FF if the matrix has no mouse.
; In: drTableroLo/Hi. Out: drOffset. Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
drTableroLo     .byte $00
drTableroHi     .byte $00
drOffset        .byte $00
drTempY         .byte $00

dameRaton
        sty drTempY
        #apuntaTablero drTableroLo, drTableroHi
        lda #$ff
        sta drOffset
        ldy #tabMatriz
_bucle
        lda (ptrTablero),y
        cmp #RATON
        beq _encontrado
        iny
        cpy #tabLongitud
        bne _bucle
        beq _fin
_encontrado
        sty drOffset
_fin
        ldy drTempY
        rts

; ---------------------------------------------------------------------------
; dameGato: offset of cat number n (0-3), counting cats in row-major order
; (row 0 first, left to right); $FF if there are not that many cats.
; In: dgTableroLo/Hi, dgNumGato. Out: dgOffset.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
dgTableroLo     .byte $00
dgTableroHi     .byte $00
dgNumGato       .byte $00
dgOffset        .byte $00
dgTempX         .byte $00
dgTempY         .byte $00

dameGato
        stx dgTempX
        sty dgTempY
        #apuntaTablero dgTableroLo, dgTableroHi
        lda #$ff
        sta dgOffset
        ldx dgNumGato           ; cats still to pass
        ldy #tabMatriz
_bucle
        lda (ptrTablero),y
        cmp #GATO
        bne _siguiente
        cpx #0
        beq _encontrado
        dex
_siguiente
        iny
        cpy #tabLongitud
        bne _bucle
        beq _fin
_encontrado
        sty dgOffset
_fin
        ldx dgTempX
        ldy dgTempY
        rts

; ---------------------------------------------------------------------------
; copiaTableroSinHijos: copies all 88 bytes of a board to another address and
; clears the copy's 8 child pointers.
; In: ctOrigenLo/Hi, ctDestinoLo/Hi. Out: the copy.
; Preserves X and Y. Changes A, ptrTablero (the source), ptrAux (the copy).
; ---------------------------------------------------------------------------
ctOrigenLo      .byte $00
ctOrigenHi      .byte $00
ctDestinoLo     .byte $00
ctDestinoHi     .byte $00
ctTempY         .byte $00

copiaTableroSinHijos
        sty ctTempY
        #apuntaTablero ctOrigenLo, ctOrigenHi
        lda ctDestinoLo
        sta ptrAux
        lda ctDestinoHi
        sta ptrAux+1
        ldy #0
_copia
        lda (ptrTablero),y
        sta (ptrAux),y
        iny
        cpy #tabLongitud
        bne _copia
        lda #0
        ldy #tabHijos
_borra
        sta (ptrAux),y
        iny
        cpy #tabMatriz
        bne _borra
        ldy ctTempY
        rts

; ---------------------------------------------------------------------------
; dameNumHijos: how many of the 8 child pointers are not $0000.
; In: dnhTableroLo/Hi. Out: dnhNumHijos. Preserves X and Y. Changes A,
; ptrTablero.
; ---------------------------------------------------------------------------
dnhTableroLo    .byte $00
dnhTableroHi    .byte $00
dnhNumHijos     .byte $00
dnhTempX        .byte $00
dnhTempY        .byte $00

dameNumHijos
        stx dnhTempX
        sty dnhTempY
        #apuntaTablero dnhTableroLo, dnhTableroHi
        ldx #0
        ldy #tabHijos
_bucle
        lda (ptrTablero),y
        iny
        ora (ptrTablero),y
        beq _vacio
        inx
_vacio
        iny
        cpy #tabMatriz
        bne _bucle
        stx dnhNumHijos
        ldx dnhTempX
        ldy dnhTempY
        rts

; ---------------------------------------------------------------------------
; dameDatosBasicos: level, turn and value in one call.
; In: ddbTableroLo/Hi. Out: ddbNivel, ddbTurno, ddbValor.
; Preserves X and Y. Changes A, ptrTablero.
; ---------------------------------------------------------------------------
ddbTableroLo    .byte $00
ddbTableroHi    .byte $00
ddbNivel        .byte $00
ddbTurno        .byte $00
ddbValor        .byte $00
ddbTempY        .byte $00

dameDatosBasicos
        sty ddbTempY
        #apuntaTablero ddbTableroLo, ddbTableroHi
        ldy #tabNivel
        lda (ptrTablero),y
        sta ddbNivel
        iny
        lda (ptrTablero),y
        sta ddbTurno
        iny
        lda (ptrTablero),y
        sta ddbValor
        ldy ddbTempY
        rts
