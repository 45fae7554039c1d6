; 64tass: -a -C | -a
; One element of a label's data by its index (`table[i]`), as a converter
; over a `.binary` reads it in a loop: each element of the label's own type,
; negative indexes from the end, a label moved by an offset, gaps, and the
; converted bytes written over the label's own (which don't change it).
        * = $1000
words   .word $1234, ?, $fedc
signed  .char -3, 4
        .byte words[0] >> 8, <words[-1], signed[-1]
        .char signed[0]
        .byte repr(words[1]) == "?"     ; a gap stays a gap
        .byte repr((words + 2)[0]) == "?", (words + 3)[0] >> 8  ; whole elements from the offset
        .byte (words - 1)[0] == ?       ; before the label: a gap
text    .text "Hello [World]"
        * = text                        ; the converted text replaces it
        .for i = 0, i < size(text), i += 1
        .if text[i] == "["
        .byte $1b
        .elsif text[i] == "]"
        .byte $1d
        .elsif text[i] < $60
        .byte text[i]
        .else
        .byte text[i] - $60
        .fi
        .next
        .byte text[-1], text[len(text) - 2]
