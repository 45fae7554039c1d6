; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; A symbol (`.name`) as text is its name without the dot: `str(.cold)` and
; `format("%s", .cold)` are "cold", while `repr(.cold)` keeps the dot. A
; dictionary of words made by a macro that names each entry from its label
; relies on it (the length byte and the name's bytes).
        * = $1000
prev    := 0
entry   .macro label, name=""
_s      := \name ? \name : str(.\label)
_here
        .byte len(_s)
        .word prev
        .word w_\label
        .text _s
prev    ::= _here
        .endm

w_cold  rts
w_bye   rts
w_dup   rts

        .entry cold
        .entry bye
        .entry dup, "dup2"

sym     = .colour
        .text str(sym), repr(sym)
        .text format("%s:%5s:%-6s:", .abc, .de, .f)
        .byte len(str(.word)), len(repr(.word))
        .text str([.a, .b]), str((.c,))
        .byte .foo == .foo, .foo != .bar
