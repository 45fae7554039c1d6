; Arbol.asm - the current game position and the game tree's memory.
; Built last: everything after inicioArbol, up to finArbol, is free memory
; for tree boards (88 bytes each). finArbol is $A000 because the BASIC ROM
; is banked in above it: boards written there would read back as ROM.

finArbol        = romBasic      ; the tree stops where the BASIC ROM starts

; ---------------------------------------------------------------------------
; inicializaArbol: the tree is empty; the next free board is at inicioArbol.
; In: -. Out: arbolLibreLo/Hi. Preserves X and Y. Changes A.
; ---------------------------------------------------------------------------
inicializaArbol
        lda #<inicioArbol
        sta arbolLibreLo
        lda #>inicioArbol
        sta arbolLibreHi
        rts

; Address of the next free board in the tree area
arbolLibreLo    .byte <inicioArbol
arbolLibreHi    .byte >inicioArbol

; The board that holds the game as it stands
tableroActual   .fill tabLongitud, $00

; The tree grows from here
inicioArbol
        .if inicioArbol > finArbol - tabLongitud
        .error "no room for the game tree below $A000"
        .endif
