; 64tass: -a -Wunused-variable | -a
; labels in any order: the `.bfor` scope's slot changes from run to run in 64tass
; 64tass's namespace table grows when an insertion finds it two thirds
; full; a labelled line checks that before it looks its label up, so a
; later pass grows a table filled in the first. Assembled in one pass,
; nothing checks it after the tenth entry here (a `.bfor`'s anonymous
; one among them): 16 slots, as the labels' and warnings' order shows.
        * = $1000
        .for empty in range(0)
        .byte 1
        .next
        .bfor once in range(2)
        .byte 2
        .next
        .for lo, hi in []
        .next
        .for lo2, hi2 in [(1, 2), (3, 4)]
        .byte lo2
        .next
count   := 0
        .for i = 0, i < 2, i += 1
count   += 1
        .next
        .for j = 0, j < 2, j += 1
        .byte j, count
        .next
        rts
