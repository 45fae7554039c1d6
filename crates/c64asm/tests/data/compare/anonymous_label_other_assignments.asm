; 64tass: -a -C | -a -L
; Anonymous labels with the other assignments, as 64tass takes them:
; `- .var value` is `- := value` (a new label); `- :?= value` keeps or sets
; the `-` counted before it when that is a variable (no new label then),
; else it is a new one; `- += 1`, `+ ::= value` change the label that `-`
; (`+`) reads there. (Refused forms: refused/anonymous_label_not_a_variable.asm.)
        * = $1000
        - .var 5
        .byte -
        - += 2
        .byte -
        - ::= 9
        .byte -
        - :?= 11
        .byte -
        - *= 2
        .byte -
        - <?= 3
        .byte -
        + :?= 7
        .byte <+
+       .byte <-
        + .var 4
        + :?= 8
        .byte <+, <-
+       nop
        .byte <-
lp      .proc
        - :?= 1
        - += 6
        .byte -
        + :?= 2
        .byte <+
+       rts
        .endproc
x       .var 0
        .for i := 0, i < 3, i += 1
        - .var i * 2
        - += 1
x       += -
        .next
        .byte x
        jsr lp
