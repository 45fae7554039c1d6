; Evalua.asm - the cats' static evaluation ("REC") and the node tests of the
; search: has the mouse got past every cat (or reached row 0), can the side
; to move move at all. See docs/ryg-ai.md.
;
; Squares are board offsets 24-87 (the matrix starts at tabMatriz = 24), the
; same numbers the 88-byte board uses, so a square indexes the board with
; lda (ptrTablero),y. Tables indexed by a square start 24 bytes before their
; label's first entry (tblX-24,y).
;
; The fast routines below work on a compact copy of the position: evRaton
; (the mouse's square) and evGatos (the four cats' squares in scan order, so
; evGatos+0 has the smallest row and evGatos+3 the largest), with ptrTablero
; ($FB/$FC) pointing at a board whose matrix holds the same position. The
; search keeps that copy per level; evaluaTablero builds it from any board.

; Evaluation weights (docs/ryg-ai.md): values stay within [$10, $EF], clear
; of the win/loss values $FF - level and $00 + level.
EV_BASE_ALCANZA = 161           ; mouse has a free path to row 0
EV_PESO_FILA    = 5             ; ... plus 5 per row it has advanced (7 - row)
EV_BASE_CERRADO = 17            ; mouse closed in: 17 + 2 per square of its region
EV_MINIMO       = $10
EV_MAXIMO       = $ef

; Outputs and working fields
evRaton         .byte $00       ; the mouse's square
evGatos         .byte $00, $00, $00, $00   ; the cats' squares, scan order
evValor         .byte $00       ; evaluaTablero / evaluaPosicion: the value
evDistancia     .byte $00       ; BFS: steps to the nearest free row-0 square ($FF: none)
evRegion        .byte $00       ; BFS: squares the mouse can reach, its own included (when closed in)
evJugadas       .byte $00       ; cuentaJugadasRaton: legal mouse moves 0-4
evTableroLo     .byte $00       ; evaluaTablero: the board to evaluate
evTableroHi     .byte $00
evTempX         .byte $00
evTempY         .byte $00

; BFS working storage. A square is visited when evVisto holds the current
; evMarca, so no clearing is needed between searches (only when evMarca wraps).
evMarca         .byte $00
evCabeza        .byte $00       ; next queue entry to expand
evFinCola       .byte $00       ; first free queue entry
evFinNivel      .byte $00       ; end of the current BFS level in the queue
evCola          .fill 32, $00   ; at most the 32 dark squares
evVisto         .fill 64, $00   ; per square 24-87

; --- macros of the hot loops (defined before use). Their labels are plain
; (mNo), not cheap locals: each expansion gets its own scope for those.

; A = min(A + table[X], $FF)
sumaSaturada .macro
        clc
        adc \1,x
        bcc mSinAcarreo
        lda #$ff
mSinAcarreo
        .endm

; One BFS step from square X in one direction: queue the neighbour if it is
; on the board, empty and not yet visited; a row-0 square ends the search.
pasoBfs .macro
        ldy \1-tabMatriz,x
        beq mNo
        lda (ptrTablero),y
        bne mNo
        lda evMarca
        cmp evVisto-tabMatriz,y
        beq mNo
        sta evVisto-tabMatriz,y
        cpy #tabMatriz+8
        bcs mEncola
        jmp bfsFila0
mEncola
        tya
        ldy evFinCola
        sta evCola,y
        inc evFinCola
mNo
        .endm

; evJugadas + 1 when the neighbour of square X in one direction is free.
cuentaSiLibre .macro
        ldy \1-tabMatriz,x
        beq mNo
        lda (ptrTablero),y
        bne mNo
        inc evJugadas
mNo
        .endm

; To gpmSi when the cat on square X has a free square one row down.
gatoLibre .macro
        ldy tblVecino3-tabMatriz,x
        beq mDerecha
        lda (ptrTablero),y
        beq gpmSi
mDerecha
        ldy tblVecino2-tabMatriz,x
        beq mNo
        lda (ptrTablero),y
        beq gpmSi
mNo
        .endm

; 161 + 5 * (7 - row): the reachable branch's base by the mouse's row
tblBaseAlcanza  .byte EV_BASE_ALCANZA+7*EV_PESO_FILA, EV_BASE_ALCANZA+6*EV_PESO_FILA
                .byte EV_BASE_ALCANZA+5*EV_PESO_FILA, EV_BASE_ALCANZA+4*EV_PESO_FILA
                .byte EV_BASE_ALCANZA+3*EV_PESO_FILA, EV_BASE_ALCANZA+2*EV_PESO_FILA
                .byte EV_BASE_ALCANZA+1*EV_PESO_FILA, EV_BASE_ALCANZA

; ---------------------------------------------------------------------------
; evaluaTablero: the static evaluation of any board's position.
; Finds the mouse and the first four cats of the matrix, then evaluaPosicion.
; A board without a mouse or with fewer than four cats gets VALOR_NEUTRO and
; evDistancia = evRegion = evJugadas = 0.
; In: evTableroLo/Hi. Out: evValor (and evRaton, evGatos, evDistancia,
; evRegion, evJugadas as evaluaPosicion leaves them). Preserves X and Y;
; uses $FB/$FC.
; ---------------------------------------------------------------------------
evaluaTablero
        stx evTempX
        sty evTempY
        #apuntaTablero evTableroLo, evTableroHi
        jsr leePosicion
        bcs _invalido
        jsr evaluaPosicion
        jmp _fin
_invalido
        lda #0
        sta evDistancia
        sta evRegion
        sta evJugadas
        lda #VALOR_NEUTRO
        sta evValor
_fin
        ldx evTempX
        ldy evTempY
        rts

; ---------------------------------------------------------------------------
; leePosicion: evRaton and evGatos from the matrix of the board at ptrTablero
; (scan order; extra cats are ignored).
; In: ptrTablero. Out: evRaton, evGatos; carry clear when a mouse and four
; cats were found, set otherwise. Changes A, X, Y.
; ---------------------------------------------------------------------------
leePosicion
        lda #$ff
        sta evRaton
        ldx #0                  ; cats found
        ldy #tabMatriz
_bucle
        lda (ptrTablero),y
        beq _siguiente
        cmp #RATON
        bne _gato
        sty evRaton
        jmp _siguiente
_gato
        cmp #GATO
        bne _siguiente
        cpx #4
        bcs _siguiente
        tya
        sta evGatos,x
        inx
_siguiente
        iny
        cpy #tabLongitud
        bne _bucle
        cpx #4                  ; four cats...
        bne _mal
        lda evRaton             ; ...and a mouse ($FF = none)?
        cmp #$ff
        beq _mal
        clc
        rts
_mal
        sec
        rts

; ---------------------------------------------------------------------------
; evaluaPosicion: the static evaluation REC (cats minimise):
;   free path to row 0:  v = 161 + 5*(7 - mouse row) - BFS distance
;   mouse closed in:     v = 17 + 2*region
;   v += max cat row - min cat row
;   v += 4 * legal mouse moves
;   v += 12 * cats on column 0 or 7
;   v = clamp(v, $10, $EF)     (the adds saturate at $FF first)
; In: evRaton, evGatos, ptrTablero. Out: evValor (also in A), evDistancia,
; evRegion, evJugadas. Changes A, X, Y.
; ---------------------------------------------------------------------------
evaluaPosicion
        jsr bfsRaton
        lda evDistancia
        cmp #$ff
        beq _cerrado
        ldx evRaton
        ldy tblFila-tabMatriz,x
        lda tblBaseAlcanza,y
        sec
        sbc evDistancia         ; at most 196 - 27: no borrow
        jmp _dispersion
_cerrado
        lda evRegion            ; 1-28
        asl a
        adc #EV_BASE_CERRADO    ; carry is clear after the ASL
_dispersion
        sta evValor
        ldx evGatos+3           ; scan order: the last cat has the largest row
        lda tblFila-tabMatriz,x
        ldx evGatos+0
        sec
        sbc tblFila-tabMatriz,x
        clc
        adc evValor
        bcc _movilidad
        lda #$ff
_movilidad
        sta evValor
        jsr cuentaJugadasRaton
        lda evJugadas
        asl a
        asl a
        clc
        adc evValor
        bcc _bordes
        lda #$ff
_bordes
        ldx evGatos+0
        #sumaSaturada tblBorde-tabMatriz
        ldx evGatos+1
        #sumaSaturada tblBorde-tabMatriz
        ldx evGatos+2
        #sumaSaturada tblBorde-tabMatriz
        ldx evGatos+3
        #sumaSaturada tblBorde-tabMatriz
        cmp #EV_MAXIMO+1
        bcc _noAlto
        lda #EV_MAXIMO
_noAlto
        cmp #EV_MINIMO
        bcs _noBajo
        lda #EV_MINIMO
_noBajo
        sta evValor
        rts


; ---------------------------------------------------------------------------
; bfsRaton: breadth-first search from the mouse over empty squares (four
; diagonal steps; cats are walls). Stops at the first free row-0 square.
; In: evRaton, ptrTablero. Out: evDistancia = BFS distance to row 0 ($FF
; when closed in), evRegion = squares reached, the mouse's own included
; (complete only when closed in). Changes A, X, Y.
; ---------------------------------------------------------------------------
bfsRaton
        inc evMarca             ; a new mark: nothing visited yet
        bne _marcaLista
        jsr reiniciaMarcas      ; the mark wrapped: clear the old marks once
        inc evMarca
_marcaLista
        lda evRaton             ; the mouse's square is never empty, so it is never queued again
        sta evCola
        lda #1
        sta evFinCola
        sta evFinNivel
        lda #0
        sta evCabeza
        sta evDistancia         ; BFS level of the square being expanded
_saca
        ldy evCabeza
        cpy evFinNivel
        bne _expande
        cpy evFinCola
        bne _otroNivel
        jmp bfsCerrado          ; queue empty: row 0 is out of reach
_otroNivel
        inc evDistancia         ; the next level starts
        lda evFinCola
        sta evFinNivel
_expande
        ldx evCola,y
        iny
        sty evCabeza
        #pasoBfs tblVecino0
        #pasoBfs tblVecino1
        #pasoBfs tblVecino2
        #pasoBfs tblVecino3
        jmp _saca

; reiniciaMarcas: forgets every BFS mark (evVisto = 0, evMarca = 0). The
; search calls it at each decision, so the marks it makes, and the cycles its
; BFS takes, depend on the position alone, not on earlier calls.
; In: -. Out: evVisto, evMarca. Changes A, X.
reiniciaMarcas
        lda #0
        sta evMarca
        ldx #63
_borra
        sta evVisto,x
        dex
        bpl _borra
        rts

; The queue ran out: the mouse is closed in.
bfsCerrado
        lda evFinCola
        sta evRegion
        lda #$ff
        sta evDistancia
        rts

; The BFS found a free row-0 square one step from a square at level evDistancia.
bfsFila0
        inc evDistancia
        lda evFinCola
        sta evRegion
        rts


; ---------------------------------------------------------------------------
; cuentaJugadasRaton: the mouse's legal moves (neighbour on the board and empty).
; In: evRaton, ptrTablero. Out: evJugadas (0-4, also in A). Changes A, X, Y.
; ---------------------------------------------------------------------------
cuentaJugadasRaton
        lda #0
        sta evJugadas
        ldx evRaton
        #cuentaSiLibre tblVecino0
        #cuentaSiLibre tblVecino1
        #cuentaSiLibre tblVecino2
        #cuentaSiLibre tblVecino3
        lda evJugadas
        rts


; ---------------------------------------------------------------------------
; gatosPuedenMover: has any cat a legal move (one row down, diagonally, onto
; an empty square)? Cat move 0 is the mouse's direction 3, move 1 direction 2.
; In: evGatos, ptrTablero. Out: A = $FF yes, $00 no (flags follow A).
; Changes A, X, Y.
; ---------------------------------------------------------------------------
gatosPuedenMover
        ldx evGatos+0
        #gatoLibre
        ldx evGatos+1
        #gatoLibre
        ldx evGatos+2
        #gatoLibre
        ldx evGatos+3
        #gatoLibre
        lda #$00
        rts
gpmSi
        lda #$ff
        rts


; ---------------------------------------------------------------------------
; ratonHaPasado: the mouse is on row 0 or on a row no lower than every cat's
; (no cat can get in front of it again: an exact mouse win).
; In: evRaton, evGatos. Out: carry set = yes. Changes A, X.
; ---------------------------------------------------------------------------
ratonHaPasado
        ldx evGatos+0           ; scan order: the first cat has the smallest row
        lda tblFila-tabMatriz,x
        ldx evRaton
        cmp tblFila-tabMatriz,x ; carry set when min cat row >= mouse row
        rts


; square one step in mouse direction 0 (-1,-1); 0 = off the board
tblVecino0
        .byte 0, 0, 0, 0, 0, 0, 0, 0   ; row 0
        .byte 0, 24, 25, 26, 27, 28, 29, 30   ; row 1
        .byte 0, 32, 33, 34, 35, 36, 37, 38   ; row 2
        .byte 0, 40, 41, 42, 43, 44, 45, 46   ; row 3
        .byte 0, 48, 49, 50, 51, 52, 53, 54   ; row 4
        .byte 0, 56, 57, 58, 59, 60, 61, 62   ; row 5
        .byte 0, 64, 65, 66, 67, 68, 69, 70   ; row 6
        .byte 0, 72, 73, 74, 75, 76, 77, 78   ; row 7
; square one step in mouse direction 1 (-1,+1); 0 = off the board
tblVecino1
        .byte 0, 0, 0, 0, 0, 0, 0, 0   ; row 0
        .byte 25, 26, 27, 28, 29, 30, 31, 0   ; row 1
        .byte 33, 34, 35, 36, 37, 38, 39, 0   ; row 2
        .byte 41, 42, 43, 44, 45, 46, 47, 0   ; row 3
        .byte 49, 50, 51, 52, 53, 54, 55, 0   ; row 4
        .byte 57, 58, 59, 60, 61, 62, 63, 0   ; row 5
        .byte 65, 66, 67, 68, 69, 70, 71, 0   ; row 6
        .byte 73, 74, 75, 76, 77, 78, 79, 0   ; row 7
; square one step in mouse direction 2 (+1,+1); 0 = off the board
tblVecino2
        .byte 33, 34, 35, 36, 37, 38, 39, 0   ; row 0
        .byte 41, 42, 43, 44, 45, 46, 47, 0   ; row 1
        .byte 49, 50, 51, 52, 53, 54, 55, 0   ; row 2
        .byte 57, 58, 59, 60, 61, 62, 63, 0   ; row 3
        .byte 65, 66, 67, 68, 69, 70, 71, 0   ; row 4
        .byte 73, 74, 75, 76, 77, 78, 79, 0   ; row 5
        .byte 81, 82, 83, 84, 85, 86, 87, 0   ; row 6
        .byte 0, 0, 0, 0, 0, 0, 0, 0   ; row 7
; square one step in mouse direction 3 (+1,-1); 0 = off the board
tblVecino3
        .byte 0, 32, 33, 34, 35, 36, 37, 38   ; row 0
        .byte 0, 40, 41, 42, 43, 44, 45, 46   ; row 1
        .byte 0, 48, 49, 50, 51, 52, 53, 54   ; row 2
        .byte 0, 56, 57, 58, 59, 60, 61, 62   ; row 3
        .byte 0, 64, 65, 66, 67, 68, 69, 70   ; row 4
        .byte 0, 72, 73, 74, 75, 76, 77, 78   ; row 5
        .byte 0, 80, 81, 82, 83, 84, 85, 86   ; row 6
        .byte 0, 0, 0, 0, 0, 0, 0, 0   ; row 7
; row of a square
tblFila
        .byte 0, 0, 0, 0, 0, 0, 0, 0   ; row 0
        .byte 1, 1, 1, 1, 1, 1, 1, 1   ; row 1
        .byte 2, 2, 2, 2, 2, 2, 2, 2   ; row 2
        .byte 3, 3, 3, 3, 3, 3, 3, 3   ; row 3
        .byte 4, 4, 4, 4, 4, 4, 4, 4   ; row 4
        .byte 5, 5, 5, 5, 5, 5, 5, 5   ; row 5
        .byte 6, 6, 6, 6, 6, 6, 6, 6   ; row 6
        .byte 7, 7, 7, 7, 7, 7, 7, 7   ; row 7
; edge-cat term: 12 on column 0 or 7
tblBorde
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 0
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 1
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 2
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 3
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 4
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 5
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 6
        .byte 12, 0, 0, 0, 0, 0, 0, 12   ; row 7
