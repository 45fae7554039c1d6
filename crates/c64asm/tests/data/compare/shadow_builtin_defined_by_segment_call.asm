; 64tass: -Wshadow | -C -Wall
; labels in any order (64tass lists anonymous scopes in a varying order)
; A `.segment` (no scope of its own) that builds a list variable named like
; the built-in `list`, called inside a `.block` per table: the label goes to
; the block, but its -Wshadow is given in the chain of the call that defined
; it, as 64tass keeps the definition's place and chain with the label. So
; each call is its own message, also where calls read word for word the
; same (two players' tables, two calls in one block), and a label the
; block's own line defines (`len`) is one message.
        * = $0801
        .word (+), 1
        .null $9e, format("%d", start)
+       .word 0

; offsets of the voices whose register differs from the reference table
difftab .segment
list    .var ()
        .for i = 0, i < len(\1), i += 1
         .if \1[i] != \2[i]
list      .var list .. (\3 + i,)
         .fi
        .next
        .word list
        .word 0
        .endm

tab0    = [$00, $07, $0e, $15]
tab1    = [$20, $07, $2e, $15]
tab2    = [$40, $47, $0e, $55]

start   rts

; the same tables for two players: the same calls, word for word
player1 .block
voice2  .block
        #difftab tab1, tab0, $d400
        .bend
voice3  .block
        #difftab tab2, tab0, $d400
        #difftab tab2, tab0, $d400
        .bend
        .bend
player2 .block
voice2  .block
        #difftab tab1, tab0, $d400
        .bend
voice3  .block
        #difftab tab2, tab0, $d400
        .bend
        .bend
voices  .block
len     = 4
        .byte len, len * 7
        .bend
