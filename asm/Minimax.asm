; Minimax.asm - the cats' move (and the mouse's): depth-first minimax with fail-soft alpha-beta
; over 88-byte boards in the tree area, evaluating each board as it is made.
; See docs/ryg-ai.md for the design and the proof that depth 3 never loses; the
; level-3 cats play from the strategy table first (Estrategia.asm).
;
; Memory: board L of the line being searched lives at tableroArbol + 88*L
; (tableroArbol = inicioArbol). Only the root and one board per level exist at
; a time; the next sibling reuses its brother's board. Each board gets its
; level, turn, parent link, value, and the parent's child slot number m (the
; move number, see below) points at it.
;
; Moves: cats 2*k + d (cat k in scan order, d = 0 down-left, 1 down-right),
; tried 0-7; the mouse d = 0-3 (tblRatonF/C order). Values: one byte, cats
; minimise; a mouse win found at level L is $FF - L, a cats' win $00 + L,
; static evaluations lie in [$10, $EF].
;
; Node test of a board at level L >= 1, in this order: mouse on row 0 or past
; every cat -> $FF - L; side to move cannot move -> $FF - L (cats) or $00 + L
; (mouse); L = depth -> evaluaPosicion; otherwise its children are searched.
; Interior nodes try first the move that last caused a cut-off at their level
; (the killer). The root keeps the FIRST move of strictly best value (lowest
; for the cats; highest for the mouse, see juegaRaton).
;
; At depth 3 (level 3) the cats first look their move up in the strategy table
; (buscaEstrategia, Estrategia.asm): every position they can meet from the
; start is there, with a move that keeps the shortest forced win. Only a
; position that is not (one set up by hand) is searched.

PROF_DEFECTO    = 3             ; the default depth: level 3
PROF_ESTRATEGIA = 3             ; the depth at which the cats use the strategy table
PROF_MAXIMA     = 5
NIVELES         = PROF_MAXIMA+1 ; boards 0 (root) to PROF_MAXIMA

; Sides in mmLado / mmRaiz
LADO_GATOS      = 0
LADO_RATON      = 1

; Results of juegaGatos in jgJugada besides a move 0-7
SIN_JUGADA      = $ff           ; the cats cannot move: the mouse has won
TABLERO_INVALIDO = $fe          ; tableroActual has no mouse or fewer than 4 cats

; The tree boards
tableroArbol    = inicioArbol
tablero0        = tableroArbol
tablero1        = tableroArbol + 1*tabLongitud
tablero2        = tableroArbol + 2*tabLongitud
tablero3        = tableroArbol + 3*tabLongitud
tablero4        = tableroArbol + 4*tabLongitud
tablero5        = tableroArbol + 5*tabLongitud
finTablerosIA   = tableroArbol + NIVELES*tabLongitud

; ---------------------------------------------------------------------------
; Interface
; ---------------------------------------------------------------------------
profundidad     .byte PROF_DEFECTO      ; search depth 1-5 (1 easy, 2 medium, 3 hard); others mean 3
jgConTabla      .byte $01               ; $00: search only; else at depth 3 the cats use the strategy table first

jgJugada        .byte SIN_JUGADA        ; the move played (2*cat + direction), SIN_JUGADA or TABLERO_INVALIDO
jgValor         .byte $00               ; its minimax value
jgGato          .byte $ff               ; the cat that moved (0-3, scan order before the move)
jgDireccion     .byte $ff               ; 0 down-left, 1 down-right
jgDesde         .byte $ff               ; its square before (board offset 24-87)...
jgHasta         .byte $ff               ; ...and after
jgNodosLo       .byte $00               ; boards generated (the root not counted)
jgNodosHi       .byte $00
jgEvalLo        .byte $00               ; static evaluations
jgEvalHi        .byte $00
jgDeTabla       .byte $00               ; $FF: the move came from the strategy table, $00: searched
jgTempX         .byte $00
jgTempY         .byte $00

; ---------------------------------------------------------------------------
; Search state, one entry per level
; ---------------------------------------------------------------------------
mmProf          .byte PROF_DEFECTO      ; the depth in use
mmNivel         .byte $00               ; level of the node whose children are being searched
mmRaton         .fill NIVELES, $00      ; the mouse's square at each level
mmGatos         .fill NIVELES*4, $00    ; the cats' squares, scan order, 4 per level
mmAlfa          .fill NIVELES, $00
mmBeta          .fill NIVELES, $00
mmMejor         .fill NIVELES, $00      ; best value so far
mmJugada        .fill NIVELES, $00      ; move of the best value ($FF none)
mmMov           .fill NIVELES, $00      ; move being tried
mmIter          .fill NIVELES, $00      ; next move number to try ($FF: the killer first)
mmKiller        .fill NIVELES, $00      ; last cut-off move at each level ($FF none)
mmLimite        .fill NIVELES, $00      ; number of move numbers: 8 cats, 4 mouse
mmLado          .fill NIVELES, $00      ; side to move: LADO_GATOS or LADO_RATON
mmTurno         .fill NIVELES, $00      ; its turn byte: TURNO_GATOS or TURNO_RATON
mmRaiz          .byte LADO_GATOS        ; side to move at the root

; generaHijo / valorHijo working fields
ghDesde         .byte $00
ghHasta         .byte $00
ghPieza         .byte $00
ghHijo          .byte $00
ghValor         .byte $00

; Board addresses by level
tblTableroLo    .byte <tablero0, <tablero1, <tablero2, <tablero3, <tablero4, <tablero5
tblTableroHi    .byte >tablero0, >tablero1, >tablero2, >tablero3, >tablero4, >tablero5
; Board-copy routines by parent level, minus one (called through RTS)
tblCopiaLo      .byte <copia01-1, <copia12-1, <copia23-1, <copia34-1, <copia45-1
tblCopiaHi      .byte >copia01-1, >copia12-1, >copia23-1, >copia34-1, >copia45-1
; square + tblDir* (mod 256) indexes tblVecino0 from its first byte: the four
; direction tables lie in a row, 64 bytes each, and squares start at 24
tblDirRaton     .byte <(0-tabMatriz), <(64-tabMatriz), <(128-tabMatriz), <(192-tabMatriz)
tblDirGato      .byte <(192-tabMatriz), <(128-tabMatriz)    ; cat move 0 = mouse direction 3, 1 = direction 2

; ---------------------------------------------------------------------------
; juegaGatos: the cats' move in tableroActual: at depth 3 (jgConTabla not
; $00) from the strategy table when the position is there, otherwise searched
; to depth profundidad.
; In: tableroActual (read as cats to move), profundidad, jgConTabla.
; Out: the move played on tableroActual (the cat moves, turn = mouse, value =
; jgValor) and reported in jgJugada, jgGato, jgDireccion, jgDesde, jgHasta,
; jgValor, jgNodos, jgEval, jgDeTabla. A table move has jgValor = the plies
; until the cats win (a cats' win at level L is worth L) and jgNodos = jgEval
; = 0. With no legal cat move jgJugada = SIN_JUGADA, jgValor = $FF and
; tableroActual is unchanged; so it is with TABLERO_INVALIDO.
; Afterwards the tree boards of the last line searched stay in the tree area
; (tablero0 = the root; only the root after a table move) and arbolLibre
; points past them.
; Preserves X and Y. Changes A, ptrTablero and ptrAux ($FB-$FE), the ev*,
; mm*, gh*, be* fields and the tree boards.
; ---------------------------------------------------------------------------
juegaGatos
        stx jgTempX
        sty jgTempY
        lda #LADO_GATOS
        jmp juega

; ---------------------------------------------------------------------------
; juegaRaton: the mouse's move in tableroActual by the same search with the
; mouse maximising at the root (for a C64-vs-C64 game). Plays it (the mouse
; moves, turn = cats, value = jgValor) and reports it like juegaGatos, with
; jgDireccion = the mouse's move 0-3 (tblRatonF/C), jgGato = $FF and jgDesde,
; jgHasta the mouse's squares. With no legal mouse move jgJugada = SIN_JUGADA
; and jgValor = $00. Never uses the strategy table.
; In: tableroActual (read as mouse to move), profundidad. Out: as juegaGatos.
; Preserves X and Y. Changes A, ptrTablero, ptrAux ($FB-$FE), the ev*, mm*,
; gh* fields and the tree boards.
; ---------------------------------------------------------------------------
juegaRaton
        stx jgTempX
        sty jgTempY
        lda #LADO_RATON

; Both entries: A = the side to move at the root.
juega
        sta mmRaiz
        lda profundidad
        beq _defecto
        cmp #PROF_MAXIMA+1
        bcc _prof
_defecto
        lda #PROF_DEFECTO
_prof
        sta mmProf

        lda #0
        sta jgNodosLo
        sta jgNodosHi
        sta jgEvalLo
        sta jgEvalHi
        sta jgValor
        sta jgDeTabla
        lda #$ff
        sta jgGato
        sta jgDireccion
        sta jgDesde
        sta jgHasta

        ldx #NIVELES-1          ; per level: no killer yet, the side, its turn byte and move count
_niveles
        lda #$ff
        sta mmKiller,x
        txa
        eor mmRaiz
        and #1
        sta mmLado,x
        bne _nivelRaton
        lda #TURNO_GATOS
        sta mmTurno,x
        lda #8
        bne _limite
_nivelRaton
        lda #TURNO_RATON
        sta mmTurno,x
        lda #4
_limite
        sta mmLimite,x
        dex
        bpl _niveles

        ldx #tabLongitud-1      ; the root: a copy of tableroActual...
_copia
        lda tableroActual,x
        sta tablero0,x
        dex
        bpl _copia
        lda #0                  ; ...at level 0, the root's side to move, no links
        sta tablero0+tabNivel
        ldx #tabMatriz-tabPadre-1
_enlaces
        sta tablero0+tabPadre,x
        dex
        bpl _enlaces
        lda mmTurno
        sta tablero0+tabTurno
        lda #VALOR_NEUTRO
        sta tablero0+tabValor
        lda #$aa
        sta tablero0+0
        sta tablero0+1
        sta tablero0+2

        lda #<tablero0
        sta ptrTablero
        lda #>tablero0
        sta ptrTablero+1
        jsr leePosicion
        bcc _valido
        lda #TABLERO_INVALIDO
        sta jgJugada
        jmp _fin
_valido
        lda evRaton
        sta mmRaton
        ldx #3
_gatos
        lda evGatos,x
        sta mmGatos,x
        dex
        bpl _gatos

        lda mmRaiz              ; level-3 cats: the strategy table first
        bne _busca
        lda jgConTabla
        beq _busca
        lda mmProf
        cmp #PROF_ESTRATEGIA
        bne _busca
        jsr buscaEstrategia
        bcs _busca
        lda beJugada
        sta mmJugada
        lda #$ff
        sta jgDeTabla
        lda beDistancia
        jmp _decidido
_busca
        jsr reiniciaMarcas      ; the search's cost depends on the position alone
        lda #0
        sta mmNivel
        sta mmAlfa
        lda #$ff
        sta mmBeta
        jsr buscaNodo
_decidido
        sta jgValor
        sta tablero0+tabValor
        lda mmJugada
        sta jgJugada
        cmp #SIN_JUGADA
        beq _fin
        lda mmRaiz
        bne _raton

        lda jgJugada            ; where the cat goes
        and #1
        sta jgDireccion
        tax
        lda jgJugada
        lsr a
        sta jgGato
        tay
        lda mmGatos,y
        sta jgDesde
        clc
        adc tblDirGato,x
        tax
        lda tblVecino0,x
        sta jgHasta
        lda #GATO
        ldy #TURNO_RATON
        bne _juega

_raton
        lda jgJugada            ; where the mouse goes
        sta jgDireccion
        tax
        lda mmRaton
        sta jgDesde
        clc
        adc tblDirRaton,x
        tax
        lda tblVecino0,x
        sta jgHasta
        lda #RATON
        ldy #TURNO_GATOS

_juega
        ldx jgHasta             ; play it on tableroActual
        sta tableroActual,x
        sty tableroActual+tabTurno
        ldx jgDesde
        lda #VACIO
        sta tableroActual,x
        lda jgValor
        sta tableroActual+tabValor
_fin
        ldx mmProf              ; the tree's free memory starts after the boards in use
        inx
        bit jgDeTabla
        bpl _libre
        ldx #1                  ; a table move used the root only
_libre
        lda tblTableroLo,x
        sta arbolLibreLo
        lda tblTableroHi,x
        sta arbolLibreHi
        ldx jgTempX
        ldy jgTempY
        rts

; ---------------------------------------------------------------------------
; buscaNodo: the minimax value of the board at level mmNivel, whose state
; (mmRaton, mmGatos, board) is set and whose window is mmAlfa/mmBeta at that
; level. mmLado gives the side: cats minimise, the mouse maximises.
; In: mmNivel and that level's mm* state, its board.
; Out: A = value; mmJugada = the first move of that value ($FF: no move,
; value $FF for the cats / $00 for the mouse); mmKiller.
; Changes A, X, Y, ptrTablero, ptrAux, the mm*, gh*, ev* fields, the boards
; of the levels below.
; ---------------------------------------------------------------------------
buscaNodo
        ldx mmNivel
        lda #$ff
        sta mmIter,x            ; the killer first
        sta mmJugada,x
        lda mmLado,x
        beq _gatos
        jmp _raton

_gatos
        lda #$ff
        sta mmMejor,x
_gSiguiente
        jsr siguienteHijo
        bcs _gFin
        jsr valorHijo
        ldx mmNivel
        cmp mmMejor,x
        bcs _gNoMejor           ; v >= best
        sta mmMejor,x
        lda mmMov,x
        sta mmJugada,x
_gNoMejor
        lda mmMejor,x
        cmp mmBeta,x
        bcs _gNoBeta
        sta mmBeta,x            ; beta = min(beta, best)
_gNoBeta
        lda mmAlfa,x
        cmp mmMejor,x
        bcc _gSiguiente         ; alpha < best: go on
        lda mmMov,x             ; best <= alpha: cut-off
        sta mmKiller,x
_gFin
        ldx mmNivel
        lda mmMejor,x
        rts

_raton
        lda #$00
        sta mmMejor,x
_rSiguiente
        jsr siguienteHijo
        bcs _rFin
        jsr valorHijo
        ldx mmNivel
        cmp mmMejor,x
        beq _rNoMejor
        bcc _rNoMejor           ; v <= best
        sta mmMejor,x
        lda mmMov,x
        sta mmJugada,x
_rNoMejor
        lda mmMejor,x
        cmp mmAlfa,x
        beq _rNoAlfa
        bcc _rNoAlfa
        sta mmAlfa,x            ; alpha = max(alpha, best)
_rNoAlfa
        lda mmMejor,x
        cmp mmBeta,x
        bcc _rSiguiente         ; best < beta: go on
        lda mmMov,x             ; best >= beta: cut-off
        sta mmKiller,x
_rFin
        ldx mmNivel
        lda mmMejor,x
        rts

; ---------------------------------------------------------------------------
; siguienteHijo: makes the next legal child of the node at level mmNivel on
; the board of the level below: the killer move first (if legal), then the
; move numbers in order, skipping the killer.
; In: mmNivel, mmIter, mmKiller, mmLimite. Out: carry clear: made (mmMov
; holds its number); carry set: no more moves.
; Changes A, X, Y, ptrTablero, ptrAux (generaHijo).
; ---------------------------------------------------------------------------
siguienteHijo
        ldx mmNivel
_bucle
        lda mmIter,x
        bpl _enOrden
        lda #0                  ; the killer phase, once
        sta mmIter,x
        lda mmKiller,x
        bmi _bucle              ; no killer at this level
        bpl _prueba
_enOrden
        cmp mmLimite,x
        bcs _noHay
        inc mmIter,x
        cmp mmKiller,x
        beq _bucle              ; tried first already
_prueba
        sta mmMov,x
        jsr generaHijo
        ldx mmNivel
        bcs _bucle              ; not legal here
        rts
_noHay
        sec
        rts

; ---------------------------------------------------------------------------
; generaHijo: move mmMov of the node at level L = mmNivel into the board of
; level L+1: checks it is legal, sets that level's mouse and cats (cats kept
; in scan order), builds the board (copy without children, level, turn,
; parent, value VALOR_NEUTRO, the piece moved), links the parent's child slot
; mmMov to it and counts the node.
; In: mmNivel, mmMov, that level's mm* state. Out: carry set (and nothing
; made) when illegal; else the child board, the next level's mmRaton and
; mmGatos, jgNodos.
; Changes A, X, Y, ptrTablero, ptrAux (ptrTablero ends on the child), gh*.
; ---------------------------------------------------------------------------
generaHijo
        ldx mmNivel
        lda tblTableroLo,x      ; legality is read on the parent
        sta ptrTablero
        lda tblTableroHi,x
        sta ptrTablero+1
        lda mmLado,x
        bne _raton

        lda mmMov,x             ; cats: cat k = m / 2, direction m & 1
        and #1
        tay
        lda mmMov,x
        lsr a
        sta ghPieza             ; (k for now)
        txa
        asl a
        asl a
        ora ghPieza
        tax                     ; X = 4L + k
        lda mmGatos,x
        sta ghDesde
        clc
        adc tblDirGato,y
        tay
        lda tblVecino0,y
        beq _ilegal
        tay
        lda (ptrTablero),y
        bne _ilegal
        sty ghHasta

        ldx mmNivel             ; the child's pieces: the same cats...
        lda mmRaton,x
        sta mmRaton+1,x
        txa
        asl a
        asl a
        tay
        lda mmGatos+0,y
        sta mmGatos+4,y
        lda mmGatos+1,y
        sta mmGatos+5,y
        lda mmGatos+2,y
        sta mmGatos+6,y
        lda mmGatos+3,y
        sta mmGatos+7,y
        tya                     ; ...with cat k moved and kept in scan order
        ora ghPieza
        clc
        adc #4
        tay                     ; Y = 4(L+1) + k
_orden
        tya
        and #3
        cmp #3
        beq _coloca             ; the last cat
        lda mmGatos+1,y
        cmp ghHasta
        bcs _coloca             ; the next cat comes later
        sta mmGatos,y           ; the next cat comes first
        iny
        bne _orden
_coloca
        lda ghHasta
        sta mmGatos,y
        lda #GATO
        sta ghPieza
        jmp _tablero

_ilegal
        sec
        rts

_raton
        lda mmRaton,x           ; mouse: direction m
        sta ghDesde
        ldy mmMov,x
        clc
        adc tblDirRaton,y
        tay
        lda tblVecino0,y
        beq _ilegal
        tay
        lda (ptrTablero),y
        bne _ilegal
        sty ghHasta
        tya
        sta mmRaton+1,x
        txa
        asl a
        asl a
        tay
        lda mmGatos+0,y
        sta mmGatos+4,y
        lda mmGatos+1,y
        sta mmGatos+5,y
        lda mmGatos+2,y
        sta mmGatos+6,y
        lda mmGatos+3,y
        sta mmGatos+7,y
        lda #RATON
        sta ghPieza

_tablero
        jsr llamaCopia          ; the child board, without the move yet
        ldx mmNivel
        lda tblTableroLo,x      ; parent's child slot m -> the child
        sta ptrAux
        lda tblTableroHi,x
        sta ptrAux+1
        lda mmMov,x
        asl a
        adc #tabHijos           ; carry clear: m < 8
        tay
        lda tblTableroLo+1,x
        sta ptrTablero
        sta (ptrAux),y
        iny
        lda tblTableroHi+1,x
        sta ptrTablero+1
        sta (ptrAux),y
        ldy ghDesde             ; the move
        lda #VACIO
        sta (ptrTablero),y
        ldy ghHasta
        lda ghPieza
        sta (ptrTablero),y
        inc jgNodosLo
        bne _hecho
        inc jgNodosHi
_hecho
        clc
        rts

; llamaCopia: jumps to the copy routine of level mmNivel (copiaXY below; its
; RTS returns to our caller).
; In: mmNivel. Out: the board of level mmNivel + 1. Changes A, X.
llamaCopia
        ldx mmNivel
        lda tblCopiaHi,x
        pha
        lda tblCopiaLo,x
        pha
        rts

; ---------------------------------------------------------------------------
; valorHijo: the value of the child just made at level C = mmNivel + 1 (node
; test, static evaluation at the depth, or the search below it), also stored
; in its board's value byte.
; In: mmNivel, the child's board and mm* state. Out: A = value.
; Changes A, X, Y, ptrTablero, ptrAux, the mm*, gh*, ev* fields.
; ---------------------------------------------------------------------------
valorHijo
        ldx mmNivel
        inx
        stx ghHijo
        lda tblTableroLo,x
        sta ptrTablero
        lda tblTableroHi,x
        sta ptrTablero+1
        lda mmRaton,x
        sta evRaton
        txa
        asl a
        asl a
        tay
        lda mmGatos+0,y
        sta evGatos+0
        lda mmGatos+1,y
        sta evGatos+1
        lda mmGatos+2,y
        sta evGatos+2
        lda mmGatos+3,y
        sta evGatos+3

        jsr ratonHaPasado
        bcs _ratonGana
        ldx ghHijo
        lda mmLado,x
        beq _turnoGatos
        jsr cuentaJugadasRaton
        beq _gatosGanan
        bne _sigue
_turnoGatos
        jsr gatosPuedenMover
        beq _ratonGana
_sigue
        ldx ghHijo
        cpx mmProf
        bne _expande
        inc jgEvalLo            ; at the depth: the static evaluation
        bne _evalua
        inc jgEvalHi
_evalua
        jsr evaluaPosicion
        jmp _guarda
_expande
        lda mmAlfa-1,x          ; the child's window is the parent's
        sta mmAlfa,x
        lda mmBeta-1,x
        sta mmBeta,x
        stx mmNivel
        jsr buscaNodo
        dec mmNivel
        jmp _guarda
_ratonGana
        lda #$ff
        sec
        sbc ghHijo
        jmp _guarda
_gatosGanan
        lda ghHijo
_guarda
        sta ghValor
        ldx mmNivel
        lda tblTableroLo+1,x
        sta ptrTablero
        lda tblTableroHi+1,x
        sta ptrTablero+1
        ldy #tabValor
        lda ghValor
        sta (ptrTablero),y
        rts

; ---------------------------------------------------------------------------
; copiaXY: board X -> board Y of the tree without children: prefix, level Y,
; turn (mmTurno of level Y), value VALOR_NEUTRO, parent = board X, children
; $0000, the matrix.
; Unrolled by eight; one routine per level pair so every address is constant.
; In: board X, mmTurno. Out: board Y. Changes A, X.
; ---------------------------------------------------------------------------
hazHijo .macro
        lda #$aa
        sta \2+0
        sta \2+1
        sta \2+2
        lda #\3
        sta \2+tabNivel
        lda mmTurno+\3
        sta \2+tabTurno
        lda #VALOR_NEUTRO
        sta \2+tabValor
        lda #<\1
        sta \2+tabPadre
        lda #>\1
        sta \2+tabPadre+1
        lda #0
        sta \2+tabHijos+0
        sta \2+tabHijos+1
        sta \2+tabHijos+2
        sta \2+tabHijos+3
        sta \2+tabHijos+4
        sta \2+tabHijos+5
        sta \2+tabHijos+6
        sta \2+tabHijos+7
        sta \2+tabHijos+8
        sta \2+tabHijos+9
        sta \2+tabHijos+10
        sta \2+tabHijos+11
        sta \2+tabHijos+12
        sta \2+tabHijos+13
        sta \2+tabHijos+14
        sta \2+tabHijos+15
        ldx #56
mBucle
        lda \1+tabMatriz+0,x
        sta \2+tabMatriz+0,x
        lda \1+tabMatriz+1,x
        sta \2+tabMatriz+1,x
        lda \1+tabMatriz+2,x
        sta \2+tabMatriz+2,x
        lda \1+tabMatriz+3,x
        sta \2+tabMatriz+3,x
        lda \1+tabMatriz+4,x
        sta \2+tabMatriz+4,x
        lda \1+tabMatriz+5,x
        sta \2+tabMatriz+5,x
        lda \1+tabMatriz+6,x
        sta \2+tabMatriz+6,x
        lda \1+tabMatriz+7,x
        sta \2+tabMatriz+7,x
        txa
        sec
        sbc #8
        tax
        bcs mBucle
        rts
        .endm

copia01 #hazHijo tablero0, tablero1, 1
copia12 #hazHijo tablero1, tablero2, 2
copia23 #hazHijo tablero2, tablero3, 3
copia34 #hazHijo tablero3, tablero4, 4
copia45 #hazHijo tablero4, tablero5, 5

        .if finTablerosIA > finArbol
        .error "the search boards do not fit below $A000"
        .endif
