; 64tass: -a -Wcase-symbol | -a -Wall -Wcase-symbol | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; -Wcase-symbol where a line starts with a name: a macro called without
; its prefix and spelt otherwise than defined, and a label whose name an
; outer scope has in other letter case (64tass looks the name up first).
KeyMap  .macro code, key
        cmp #\code
        bne +
        lda #\key
+
        .endm
        * = $1000
Loop    lda $dc01
        keymap 20, 8
        KEYMAP 145, 23
        KeyMap 17, 19
        bne Loop
inner   .proc
loop    dex                             ; another label, case as written
        bne loop
        rts
        .pend
        jsr inner
