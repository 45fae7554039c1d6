; 64tass: -a -C | -a
; `.` applied to a list or tuple of scopes works element by element, as any
; operator does in 64tass: `players.init` is the list of every player's
; `init`, `players[1:].init` of all but the first; `list.(a, b)` pairs
; elements with members (a lone element or member meets the other side whole).
        * = $1000
player1 .block
init    rts
play    rts
name    .text "one"
        .bend
player2 .block
init    nop
        rts
play    rts
name    .text "two"
        .bend
player3 .block
init    rts
play    nop
        rts
name    .text "three"
        .bend
players = [player1, player2, player3]
tuned   = (player1, player3)
inits   .word players.init              ; every player's routine
plays   .word players[1:].play          ; a slice, then the member
        .word tuned.(init, play)        ; element by element
        .word [player2].(init, play)    ; a lone element meets both
        .byte len(players.name), len([].name)
        .byte size(players.name)        ; a size per element
        .word players[::2].init[1]      ; the member, then an index
        .word [players, tuned].play[1]  ; nested lists
        .byte (players.name)[2][0]
