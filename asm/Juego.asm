; Juego.asm - the game: title screen (mode and level), the turns of the
; mouse and the cats (human at the keyboard or the C64), end of game.
;
; Keys (shown on screen):
;   title:   P = you (mouse) against the C64 cats, D = demo (C64 against
;            C64), T = two players; 1-3 = level of the C64 cats (search
;            depth; 3 = perfect cats); RETURN or SPACE = play;
;            X = back to BASIC.
;   mouse:   Q = up-left, W = up-right, A = down-left, S = down-right.
;   cats:    1-4 chooses a cat (numbered on the board), then A = down-left,
;            S = down-right.
;   playing: X = end the game (back to the title); in the demo any key.
;   end:     N = new game, M = title screen, X = back to BASIC.
;
; Squares are numbered 0-63 (row * 8 + column); the game reads and writes
; tableroActual's matrix directly (tableroActual+tabMatriz+square).
; Cats keep their number 1-4 for a whole game (paGatos): cat 1 starts on
; (0,0), cat 4 on (0,6), and the number moves with the cat.
; The cats' move is made by juegaGatos (the AI, Minimax.asm) on
; tableroActual, at the depth in profundidad; in the demo the mouse's by
; juegaRaton (the same search for the mouse) or now and then at random.

MODO_HUMANO     = 0             ; human mouse against the C64 cats
MODO_DEMO       = 1             ; C64 against C64
MODO_DOS        = 2             ; two human players

; paResultado
EN_JUEGO        = 0
RATON_EN_FILA0  = 1             ; the mouse wins: it reached row 0
GATOS_BLOQUEADOS = 2            ; the mouse wins: the cats cannot move
RATON_ATRAPADO  = 3             ; the cats win: the mouse cannot move

paModo          .byte MODO_HUMANO
paPausa         .byte 20        ; jiffies to wait before each move in the demo
paPila          .byte $00       ; stack pointer with only BASIC's return address on it
paJugadas       .byte $00       ; mouse moves made in this game
paResultado     .byte EN_JUEGO
paRatonDe       .byte $ff       ; the mouse's last move (squares; $FF = none yet)
paRatonA        .byte $ff
paGatoDe        .byte $ff       ; the cats' last move
paGatoA         .byte $ff
paGatoNum       .byte $00       ; which cat moved / is chosen: its number - 1 (0-3)
paGatos         .fill 4, $ff    ; the square of cat 1-4 (index 0-3); numbers stay with the cats
paMarcaDe       .byte $ff       ; the move just made, marked on the board
paMarcaA        .byte $ff
paGatoSel       .byte $ff       ; square of the cat chosen by a human, $FF = none
paDireccion     .byte $00       ; move number for mueveRatonJuego / mueveGatoJuego
paDe            .byte $00       ; destinoJuego: from this square...
paDF            .byte $00       ; ...by this row change...
paDC            .byte $00       ; ...and column change...
paA             .byte $00       ; ...to this square
paCuenta        .byte $00
paJiffy         .byte $00
paAzarLo        .byte $01       ; 16-bit LFSR for the C64 mouse, never 0
paAzarHi        .byte $00
paNumLegales    .byte $00
paLegales       .byte $00, $00, $00, $00
paAntes         .fill 64, $00   ; the matrix before the cats' move

; ---------------------------------------------------------------------------
; juego: the game, entered from inicio with only BASIC's return address on
; the stack; returns to BASIC (salirABasic) when the player presses X.
; In: -. Out: paPila. Changes A, X, Y, the pa* fields, the screen.
; ---------------------------------------------------------------------------
juego
        tsx
        stx paPila

; menuJuego: the title screen: choose mode and level, then play or leave.
; Reached by JMP from anywhere in the game (the stack is reset to paPila).
; In: paModo, profundidad. Out: paModo, profundidad. Changes A, X, Y.
menuJuego
        ldx paPila
        txs
        jsr pintaTitulo
_tecla
        jsr leeTeclaJuego
        cmp #'p'
        bne _noP
        lda #MODO_HUMANO
        bpl _modo
_noP
        cmp #'d'
        bne _noD
        lda #MODO_DEMO
        bpl _modo
_noD
        cmp #'t'
        bne _noT
        lda #MODO_DOS
_modo
        sta paModo
        jmp menuJuego
_noT
        cmp #'1'
        bcc _noNivel
        cmp #'3'+1
        bcs _noNivel
        and #$0f
        sta profundidad
        jmp menuJuego
_noNivel
        cmp #petsciiReturn
        beq partidaJuego
        cmp #' '
        beq partidaJuego
        cmp #'x'
        bne _otra
        jmp salirABasic
_otra
        #linea FILA_TECLAS, cadTeclaTitulo
        jmp _tecla

; salirABasic: BASIC's colours, a clear screen, and RTS to BASIC (JMP here).
; In: paPila. Changes A, X, the stack pointer.
salirABasic
        jsr coloresBasic
        lda #petsciiClear
        jsr chrout
        ldx paPila
        txs
        rts

; abandonaJuego: back to the title from anywhere in a game (JMP here).
abandonaJuego
        jmp menuJuego

; ---------------------------------------------------------------------------
; partidaJuego: a new game in the chosen mode, played to its end, then
; finPartida (JMP here; the stack is reset to paPila).
; In: paModo, profundidad. Out: tableroActual, the pa* fields, the screen.
; Changes A, X, Y, ptrTablero, ptrAux.
; ---------------------------------------------------------------------------
partidaJuego
        ldx paPila
        txs
        lda #<tableroActual
        sta itTableroLo
        lda #>tableroActual
        sta itTableroHi
        jsr inicializaTablero
        jsr numeraGatos
        lda #0
        sta paJugadas
        lda #EN_JUEGO
        sta paResultado
        lda #$ff
        sta paRatonDe
        sta paRatonA
        sta paGatoDe
        sta paGatoA
        sta paMarcaDe
        sta paMarcaA
        sta paGatoSel
        jsr siembraAzar
        jsr pintaPantallaJuego
_ronda
        jsr turnoRatonJuego
        inc paJugadas
        jsr pintaTableroJuego
        jsr pintaInfoJuego
        lda #RATON_EN_FILA0
        sta paResultado
        lda paRatonA
        cmp #8
        bcc finPartida          ; the mouse is on row 0
        lda #GATOS_BLOQUEADOS
        sta paResultado
        jsr gatosMuevenJuego
        bcs finPartida

        jsr turnoGatosJuego
        jsr pintaTableroJuego
        jsr pintaInfoJuego
        lda #RATON_ATRAPADO
        sta paResultado
        jsr ratonMueveJuego
        bcs finPartida
        lda #EN_JUEGO
        sta paResultado
        jmp _ronda

; finPartida: the result, and what next: N, M or X (JMP here).
; In: paResultado. Changes A, X, Y.
finPartida
        #linea FILA_AVISO, cadVacia
        lda paResultado
        cmp #RATON_EN_FILA0
        bne _noFila0
        #linea FILA_ESTADO, cadGanaRatonFila0
        jmp _teclas
_noFila0
        cmp #GATOS_BLOQUEADOS
        bne _atrapado
        #linea FILA_ESTADO, cadGanaRatonBloqueo
        jmp _teclas
_atrapado
        #linea FILA_ESTADO, cadGananGatos
_teclas
        #linea FILA_TECLAS, cadTeclasFin
_tecla
        jsr leeTeclaJuego
        cmp #'n'
        bne _noN
        jmp partidaJuego
_noN
        cmp #'m'
        bne _noM
        jmp menuJuego
_noM
        cmp #'x'
        bne _otra
        jmp salirABasic
_otra
        #linea FILA_AVISO, cadTeclaFin
        jmp _tecla

; ---------------------------------------------------------------------------
; leeTeclaJuego: waits for a key (GETIN) and returns it in A; shifted
; letters count as the plain ones. esperandoTecla is where the program waits
; (tests run until it; a breakpoint there stops at every key).
; In: -. Out: A = the key. Changes A, X, Y (GETIN does).
; ---------------------------------------------------------------------------
leeTeclaJuego
esperandoTecla
        jsr getin
        beq esperandoTecla
        cmp #$c1
        bcc _fin
        cmp #$da+1
        bcs _fin
        and #$7f
_fin
        rts

; ---------------------------------------------------------------------------
; turnoRatonJuego: the mouse moves (the player's keys, or the C64 in the demo).
; In: paModo, tableroActual. Out: tableroActual, paRatonDe/A, paMarcaDe/A.
; Changes A, X, Y, ptrTablero, ptrAux (the AI's fields in the demo).
; ---------------------------------------------------------------------------
turnoRatonJuego
        lda paModo
        cmp #MODO_DEMO
        bne _humano
        jmp ratonC64
_humano
        #linea FILA_ESTADO, cadTurnoRaton
_tecla
        jsr leeTeclaJuego
        ldx #3
_busca
        cmp tblTeclasRaton,x
        beq _direccion
        dex
        bpl _busca
        cmp #'x'
        bne _mala
        jmp abandonaJuego
_mala
        #linea FILA_AVISO, cadTeclaRaton
        jmp _tecla
_direccion
        stx paDireccion
        jsr mueveRatonJuego
        bcc _hecha
        #linea FILA_AVISO, cadIlegal
        jmp _tecla
_hecha
        #linea FILA_AVISO, cadVacia
        rts

; Q W S A in the order of the mouse's moves 0-3 (tblRatonF/C)
tblTeclasRaton  .text "qwsa"

; ratonC64: the C64 mouse. At levels 1 and 2 three moves in four come from
; the search (juegaRaton, the cats' search with the mouse maximising, at the
; same depth); the fourth is a winning move if there is one, else a random
; legal move, so that no two demo games are alike. At level 3 the mouse
; always searches: against the perfect cats it holds out the whole 44 plies.
; In: tableroActual, profundidad. Out: as turnoRatonJuego.
; Changes A, X, Y, ptrTablero, ptrAux, the AI's fields.
ratonC64
        #linea FILA_ESTADO, cadPiensaRaton
        jsr pausaDemo
        lda profundidad         ; the dice only at levels 1 and 2
        sec
        sbc #1
        cmp #2
        bcs _busca
        jsr azarJuego
        and #3
        beq _alAzar
_busca
        jsr buscaRatonJuego
        stx paDe
        jsr juegaRaton
        lda #TURNO_GATOS
        sta tableroActual+tabTurno
        jsr buscaRatonJuego
        stx paA
        lda paDe
        sta paRatonDe
        sta paMarcaDe
        lda paA
        sta paRatonA
        sta paMarcaA
        rts
_alAzar
        lda #0
        sta paNumLegales
        ldx #0
_prueba
        stx paDireccion
        jsr destinoRaton
        bcs _siguiente
        ldx paDireccion
        lda paA
        cmp #8
        bcc _mueve              ; onto row 0: it wins
        ldy paNumLegales
        txa
        sta paLegales,y
        inc paNumLegales
_siguiente
        ldx paDireccion
        inx
        cpx #4
        bne _prueba
        lda paNumLegales
        bne _azar
        rts                     ; no move (the game has ended already)
_azar
        jsr azarJuego           ; A = random, reduced modulo the number of moves
_modulo
        cmp paNumLegales
        bcc _elegida
        sbc paNumLegales
        jmp _modulo
_elegida
        tax
        lda paLegales,x
        tax
_mueve
        stx paDireccion
        jmp mueveRatonJuego     ; the mouse always has a move on its turn

; ---------------------------------------------------------------------------
; turnoGatosJuego: the cats move (the C64's AI, or the player's keys).
; In: paModo, tableroActual, profundidad. Out: tableroActual, paGatoDe/A,
; paGatoNum, paGatos, paMarcaDe/A. Changes A, X, Y, ptrTablero, ptrAux, the
; AI's fields.
; ---------------------------------------------------------------------------
turnoGatosJuego
        lda paModo
        cmp #MODO_DOS
        bne _c64
        jmp gatosHumanos
_c64
        #linea FILA_ESTADO, cadPiensanGatos
        lda paModo
        cmp #MODO_DEMO
        bne _piensa
        jsr pausaDemo
_piensa
        ldx #63
_copia
        lda tableroActual+tabMatriz,x
        sta paAntes,x
        dex
        bpl _copia
        jsr juegaGatos
        lda #TURNO_RATON
        sta tableroActual+tabTurno

        ldx #0                  ; which cat moved, from where to where?
_compara
        lda paAntes,x
        cmp tableroActual+tabMatriz,x
        beq _igual
        cmp #GATO
        bne _llegada
        stx paGatoDe
        jmp _igual
_llegada
        stx paGatoA
_igual
        inx
        cpx #64
        bne _compara
        jmp marcaGato

; gatosHumanos: the player moves a cat: 1-4 chooses it (by its number), A
; or S moves it. In, Out, Changes: as turnoGatosJuego.
gatosHumanos
        lda #$ff
        sta paGatoSel
        #linea FILA_ESTADO, cadTurnoGatos
_tecla
        jsr leeTeclaJuego
        cmp #'1'
        bcc _noNumero
        cmp #'4'+1
        bcs _noNumero
        and #$0f
        sec
        sbc #1
        sta paGatoNum
        tax
        lda paGatos,x
        sta paGatoSel
        jsr pintaTableroJuego
        #linea FILA_ESTADO, cadGatoElegido
        ldx #FILA_ESTADO        ; the number into "cat n"
        ldy #4
        clc
        jsr plot
        lda paGatoNum
        clc
        adc #1
        jsr pintaDigito
        #linea FILA_AVISO, cadVacia
        jmp _tecla
_noNumero
        ldx #0
        cmp #'a'
        beq _direccion
        inx
        cmp #'s'
        beq _direccion
        cmp #'x'
        bne _mala
        jmp abandonaJuego
_mala
        #linea FILA_AVISO, cadTeclaGatos
        jmp _tecla
_direccion
        stx paDireccion
        lda paGatoSel
        cmp #$ff
        bne _mueve
        #linea FILA_AVISO, cadEligeGato
        jmp _tecla
_mueve
        sta paDe
        jsr mueveGatoJuego
        bcc _hecha
        #linea FILA_AVISO, cadIlegal
        jmp _tecla
_hecha
        lda #$ff
        sta paGatoSel
        #linea FILA_AVISO, cadVacia
        rts

; ---------------------------------------------------------------------------
; Moves on tableroActual
; ---------------------------------------------------------------------------

; destinoJuego: square paDe moved by (paDF, paDC) -> paA; carry set when the
; new square is off the board or not empty.
; In: paDe, paDF, paDC, tableroActual. Out: paA, carry. Changes A, X.
destinoJuego
        lda paDe
        lsr a
        lsr a
        lsr a
        clc
        adc paDF
        cmp #8                  ; -1 is $FF: off the board too
        bcs _fin
        asl a
        asl a
        asl a
        sta paA
        lda paDe
        and #7
        clc
        adc paDC
        cmp #8
        bcs _fin
        ora paA
        sta paA
        tax
        lda tableroActual+tabMatriz,x
        cmp #VACIO
        beq _libre
        sec
        rts
_libre
        clc
_fin
        rts

; buscaRatonJuego: the mouse's square on tableroActual.
; In: tableroActual. Out: X = the square, carry set when there is no mouse.
; Changes A, X.
buscaRatonJuego
        ldx #0
_busca
        lda tableroActual+tabMatriz,x
        cmp #RATON
        beq _encontrado
        inx
        cpx #64
        bne _busca
        sec
        rts
_encontrado
        clc
        rts

; numeraGatos: numbers the cats of tableroActual 1-4 in scan order (top row
; first, left to right): at the start of a game, cat 1 on (0,0) ... cat 4 on
; (0,6).
; In: tableroActual. Out: paGatos ($FF for a number without a cat).
; Changes A, X, Y.
numeraGatos
        lda #$ff
        ldx #3
_borra
        sta paGatos,x
        dex
        bpl _borra
        ldy #0                  ; the next number - 1
        ldx #0
_busca
        lda tableroActual+tabMatriz,x
        cmp #GATO
        bne _siguiente
        txa
        sta paGatos,y
        iny
        cpy #4
        beq _fin
_siguiente
        inx
        cpx #64
        bne _busca
_fin
        rts

; compruebaGatos: numbers the cats again (numeraGatos) unless every number
; holds a cat on tableroActual: only a position changed behind the game's
; back (a test, a monitor session) loses the numbers.
; In: paGatos, tableroActual. Out: paGatos. Changes A, X, Y.
compruebaGatos
        ldy #3
_cada
        ldx paGatos,y
        cpx #64
        bcs numeraGatos
        lda tableroActual+tabMatriz,x
        cmp #GATO
        bne numeraGatos
        dey
        bpl _cada
        rts

; numeroGatoEn: the number - 1 of the cat on square A.
; In: A = a square, paGatos. Out: X = 0-3, carry clear; carry set (X = $FF)
; when no numbered cat stands there. Changes X.
numeroGatoEn
        ldx #3
_busca
        cmp paGatos,x
        beq _esta
        dex
        bpl _busca
        sec
        rts
_esta
        clc
        rts

; destinoRaton: paA = the mouse's square after move paDireccion (0-3);
; carry set when that move is illegal.
; In: paDireccion, tableroActual. Out: paDe (the mouse's square), paDF,
; paDC, paA, carry. Changes A, X.
destinoRaton
        jsr buscaRatonJuego
        bcs _fin
        stx paDe
        ldx paDireccion
        lda tblRatonF,x
        sta paDF
        lda tblRatonC,x
        sta paDC
        jmp destinoJuego
_fin
        rts

; mueveRatonJuego: makes mouse move paDireccion on tableroActual (turn =
; cats) and marks it; carry set (and nothing changed) when it is illegal.
; In: paDireccion, tableroActual. Out: tableroActual, paRatonDe/A,
; paMarcaDe/A, carry. Changes A, X.
mueveRatonJuego
        jsr destinoRaton
        bcs _fin
        ldx paDe
        lda #VACIO
        sta tableroActual+tabMatriz,x
        ldx paA
        lda #RATON
        sta tableroActual+tabMatriz,x
        lda #TURNO_GATOS
        sta tableroActual+tabTurno
        lda paDe
        sta paRatonDe
        sta paMarcaDe
        lda paA
        sta paRatonA
        sta paMarcaA
        clc
_fin
        rts

; mueveGatoJuego: moves the cat on square paDe by cat move paDireccion (0-1)
; on tableroActual (turn = mouse) and marks it; carry set (and nothing
; changed) when it is illegal.
; In: paDe, paDireccion, tableroActual, paGatos. Out: tableroActual,
; paGatoDe/A, paGatoNum, paGatos, paMarcaDe/A, carry. Changes A, X.
mueveGatoJuego
        ldx paDireccion
        lda tablaGatosF,x
        sta paDF
        lda tablaGatosC,x
        sta paDC
        jsr destinoJuego
        bcc _legal
        rts
_legal
        ldx paDe
        lda #VACIO
        sta tableroActual+tabMatriz,x
        ldx paA
        lda #GATO
        sta tableroActual+tabMatriz,x
        lda #TURNO_RATON
        sta tableroActual+tabTurno
        lda paDe
        sta paGatoDe
        lda paA
        sta paGatoA
; marcaGato: the cat move paGatoDe -> paGatoA is made: the cat keeps its
; number (paGatos; paGatoNum = its number - 1) and the move is marked.
; In: paGatoDe, paGatoA, paGatos. Out: paGatoNum, paGatos, paMarcaDe/A,
; carry clear. Changes A, X.
marcaGato
        lda paGatoDe
        jsr numeroGatoEn
        bcs _marca              ; an unnumbered cat: compruebaGatos renumbers
        lda paGatoA
        sta paGatos,x
        stx paGatoNum
_marca
        lda paGatoDe
        sta paMarcaDe
        lda paGatoA
        sta paMarcaA
        clc
        rts

; ratonMueveJuego: carry clear when the mouse has a legal move, set if not.
; In: tableroActual. Out: carry. Changes A, X, paDireccion, paDe/DF/DC/A.
ratonMueveJuego
        ldx #0
_prueba
        stx paDireccion
        jsr destinoRaton
        bcc _fin
        ldx paDireccion
        inx
        cpx #4
        bne _prueba
        sec
_fin
        rts

; gatosMuevenJuego: carry clear when some cat has a legal move, set if not.
; In: tableroActual. Out: carry. Changes A, X, Y, paDe/DF/DC/A.
gatosMuevenJuego
        ldx #0
_busca
        lda tableroActual+tabMatriz,x
        cmp #GATO
        bne _siguiente
        stx paDe
        ldy #1
_direccion
        lda tablaGatosF,y
        sta paDF
        lda tablaGatosC,y
        sta paDC
        jsr destinoJuego
        bcc _fin
        dey
        bpl _direccion
        ldx paDe
_siguiente
        inx
        cpx #64
        bne _busca
        sec
_fin
        rts

; ---------------------------------------------------------------------------
; The demo's pace and the C64 mouse's dice
; ---------------------------------------------------------------------------

; pausaDemo: waits paPausa jiffies; a key ends the demo (back to the title).
; In: paPausa, relojJiffies. Out: - (or the title screen).
; Changes A, X, Y, paCuenta, paJiffy.
pausaDemo
        lda paPausa
        sta paCuenta
        beq _fin
_otro
        lda relojJiffies+2
        sta paJiffy
_espera
        jsr getin
        beq _sinTecla
        jmp abandonaJuego
_sinTecla
        lda relojJiffies+2
        cmp paJiffy
        beq _espera
        dec paCuenta
        bne _otro
_fin
        rts

; siembraAzar: the LFSR starts from the jiffy clock (never from 0).
; In: relojJiffies. Out: paAzarLo/Hi. Changes A.
siembraAzar
        lda relojJiffies+2
        eor relojJiffies+1
        ora #1
        sta paAzarLo
        lda relojJiffies
        sta paAzarHi
        rts

; azarJuego: the next state of a 16-bit Galois LFSR (taps $B400).
; In: paAzarLo/Hi. Out: paAzarLo/Hi, A = the low byte. Changes A.
azarJuego
        lsr paAzarHi
        ror paAzarLo
        bcc _fin
        lda paAzarHi
        eor #$b4
        sta paAzarHi
_fin
        lda paAzarLo
        rts

; ---------------------------------------------------------------------------
; pintaTitulo: the title screen with the current choices marked.
; In: paModo, profundidad. Out: the screen, colours. Changes A, X, Y, ptrAux.
; ---------------------------------------------------------------------------
pintaTitulo
        jsr coloresJuego
        lda #petsciiClear
        jsr chrout
        #pintaTexto cadTitulo
        lda paModo
        cmp #MODO_HUMANO
        jsr marcaOpcion
        #pintaTexto cadOpcionP
        lda paModo
        cmp #MODO_DEMO
        jsr marcaOpcion
        #pintaTexto cadOpcionD
        lda paModo
        cmp #MODO_DOS
        jsr marcaOpcion
        #pintaTexto cadOpcionT
        #pintaTexto cadNiveles
        lda profundidad
        cmp #1
        jsr marcaOpcion
        #pintaTexto cadNivel1
        lda profundidad
        cmp #2
        jsr marcaOpcion
        #pintaTexto cadNivel2
        lda profundidad
        cmp #3
        jsr marcaOpcion
        #pintaTexto cadNivel3
        #pintaTexto cadTituloFin
        rts

; marcaOpcion: "> " in yellow when Z is set (the option is chosen), else "  ".
; In: Z. Out: the screen. Changes A.
marcaOpcion
        bne _no
        lda #colAmarillo
        jsr chrout
        lda #'>'
        jsr chrout
        lda #colGrisClaro
        jsr chrout
        jmp _espacio
_no
        lda #' '
        jsr chrout
_espacio
        lda #' '
        jmp chrout

; ---------------------------------------------------------------------------
; Texts (lower case here = capitals on the screen)
; ---------------------------------------------------------------------------
cadTitulo
        .text rvsOn, colAmarillo, "   ryg - el raton y los gatos          ", rvsOff, petsciiReturn
        .text colBlanco, "   the mouse and the cats", petsciiReturn, petsciiReturn
        .text colVerdeClaro
        .text " four cats (g) hunt one mouse (r).", petsciiReturn
        .text " the mouse moves one square along a", petsciiReturn
        .text " diagonal, any way; cats only go down.", petsciiReturn
        .text " the mouse wins on row 0 or when the", petsciiReturn
        .text " cats are stuck; the cats win when the", petsciiReturn
        .text " mouse cannot move.", petsciiReturn, petsciiReturn
        .text colBlanco, " game:", colGrisClaro, petsciiReturn
        .byte 0
cadOpcionP      .null "p  you (mouse) against the c64 cats", petsciiReturn
cadOpcionD      .null "d  demo: c64 against c64", petsciiReturn
cadOpcionT      .null "t  two players: mouse and cats", petsciiReturn
cadNiveles      .null petsciiReturn, colBlanco, " level of the c64 cats:", colGrisClaro, petsciiReturn
cadNivel1       .null "1  easy", petsciiReturn
cadNivel2       .null "2  medium", petsciiReturn
cadNivel3       .null "3  perfect: the cats always win", petsciiReturn
cadTituloFin
        .text petsciiReturn, colVerdeClaro, " mouse keys: q w", petsciiReturn
        .text "             a s   (diagonals)", petsciiReturn
        .text " cats: 1-4 chooses one, then a or s", petsciiReturn, petsciiReturn
        .text colBlanco, " return: play       x: back to basic"
        .byte 0

cadVacia        .null ""
cadTeclaTitulo  .null colAmarillo, " keys: p d t, 1 2 3, return or x"
cadTurnoRaton   .null colBlanco, "mouse to move: q w a s"
cadTurnoGatos   .null colRojoClaro, "cats to move: choose a cat, 1-4"
cadGatoElegido  .null colRojoClaro, "cat n: a = down-left, s = down-right"
cadPiensanGatos .null colRojoClaro, "the cats are thinking..."
cadPiensaRaton  .null colBlanco, "the c64 mouse is moving..."
cadTeclaRaton   .null colAmarillo, "move the mouse with q w a s (x: end)"
cadTeclaGatos   .null colAmarillo, "cat 1-4, then a or s (x: end)"
cadEligeGato    .null colAmarillo, "choose a cat first: 1-4"
cadIlegal       .null colAmarillo, "illegal move: square off board or taken"
cadGanaRatonFila0 .null colAmarillo, "the mouse wins: it reached row 0!"
cadGanaRatonBloqueo .null colAmarillo, "the mouse wins: the cats are stuck!"
cadGananGatos   .null colAmarillo, "the cats win: the mouse is trapped!"
cadTeclasFin    .null colBlanco, "n: new game   m: title   x: basic"
cadTeclaFin     .null colAmarillo, "keys: n, m or x"
