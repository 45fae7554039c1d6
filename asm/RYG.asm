; RYG - El raton y los gatos (Mouse and Cats) for the Commodore 64.
; Main program: the game (Juego.asm): a title screen, then the mouse (a
; player, or the C64 in the demo) against the cats (the C64's AI, or a
; second player). Part 1's board dump (pintaTablero, pintaJugadasRaton)
; stays available as routines.
;
; Build: 64tass --ascii --case-sensitive --cbm-prg -o RYG.prg RYG.asm
;    or: c64kit build asm/RYG.asm
; The include order is the build order; Arbol.asm goes last because the free
; memory after it holds the game tree.

        .include "C64.asm"      ; the KERNAL, zero page and I/O names, first

; BASIC loader: 10 SYS 2064, stored exactly as the C64 keeps the line.
        * = $0801
        .word lineaFin          ; link to the next line
        .word 10                ; line number
        .byte $9e               ; SYS token
        .text "2064"
        .byte $00               ; end of line
lineaFin
        .word $0000             ; end of program

        * = $0810

; ---------------------------------------------------------------------------
; inicio: the program's entry (SYS 2064): an empty tree, the initial
; position in tableroActual, then the game (juego), which returns to BASIC.
; In: -. Out: arbolLibreLo/Hi, tableroActual. Changes A, X, Y, ptrTablero,
; ptrAux, the screen and every field the game uses.
; ---------------------------------------------------------------------------
inicio
        jsr inicializaArbol     ; the tree's free memory starts empty

        lda #<tableroActual     ; a valid position from the start
        sta itTableroLo
        lda #>tableroActual
        sta itTableroHi
        jsr inicializaTablero

        jmp juego               ; the title screen; X there returns to BASIC

; ---------------------------------------------------------------------------
; pintaJugadasRaton: lists the four moves of the mouse on tableroActual as
; "n: ff,cc valida" / "n: ff,cc no valida" (new row and column in hex).
; In: tableroActual. Out: the screen. Preserves X and Y. Changes A,
; ptrTablero, ptrAux, the fields of the routines it calls (dr*, dfc*, gjr*,
; vj*, dc*, do*).
; ---------------------------------------------------------------------------
pjrTempX        .byte $00
pjrTempY        .byte $00

pintaJugadasRaton
        stx pjrTempX
        sty pjrTempY

        lda #<cadJugadasRaton
        sta pcCadenaLo
        lda #>cadJugadasRaton
        sta pcCadenaHi
        jsr pintaCadena

        ; where is the mouse?
        lda #<tableroActual
        sta drTableroLo
        lda #>tableroActual
        sta drTableroHi
        jsr dameRaton
        lda drOffset
        sta dfcOffset
        jsr dameFilaCol

        ldx #0
_bucle
        lda dfcFila
        sta gjrFila
        lda dfcColumna
        sta gjrColumna
        stx gjrJugada
        jsr generaJugadaRaton

        txa                     ; "n: "
        jsr pintaDigito
        lda #<cadDosPuntos
        sta pcCadenaLo
        lda #>cadDosPuntos
        sta pcCadenaHi
        jsr pintaCadena

        lda gjrNuevaFila        ; "ff,cc "
        jsr pintaHex
        lda #','
        jsr chrout
        lda gjrNuevaColumna
        jsr pintaHex
        lda #' '
        jsr chrout

        lda #<tableroActual
        sta vjTableroLo
        lda #>tableroActual
        sta vjTableroHi
        lda gjrNuevaFila
        sta vjFila
        lda gjrNuevaColumna
        sta vjColumna
        jsr validaJugada

        lda #<cadValida
        ldy #>cadValida
        bit vjValida
        bpl _pinta              ; $00 = valid
        lda #<cadNoValida
        ldy #>cadNoValida
_pinta
        sta pcCadenaLo
        sty pcCadenaHi
        jsr pintaCadena

        inx
        cpx #4
        bne _bucle

        ldx pjrTempX
        ldy pjrTempY
        rts

cadJugadasRaton .null "jugadas del raton (fila,col):", petsciiReturn
cadDosPuntos    .null ": "
cadValida       .null "valida", petsciiReturn
cadNoValida     .null "no valida", petsciiReturn

        .include "LibText.asm"
        .include "Tableros.asm"
        .include "PintaTableros.asm"
        .include "GenJugadas.asm"
        .include "Evalua.asm"           ; the cats' AI (helper ia)
        .include "Minimax.asm"
        .include "Estrategia.asm"       ; the level-3 cats' strategy...
        .include "TablaEstrategia.asm"  ; ...and its table (generated: tools/ryg-table)
        .include "PintaJuego.asm"       ; the game: its screen...
        .include "Juego.asm"            ; ...title, turns and end
        .include "Arbol.asm"            ; last: the tree grows after it
