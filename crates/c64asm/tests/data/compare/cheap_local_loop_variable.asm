; 64tass: -a -C | -a | -a -C -L
; labels in any order: --dump-labels lists _a, _b before _k here (64tass after; table order of cheap-local loop variables, not yet known)
; A loop variable named like a cheap local (`_i`) belongs to the scope of the
; code label before it, as every `_name` does: the loop's condition and
; body find it there, and it is gone after the next code label.
        * = $1000
        .byte 0
first                                   ; a label alone on its line
        .for _i := 0, _i < 3, _i += 1
        .byte _i
        .endfor
        .byte _i                        ; the last value, after the loop
second  nop
        .for _k = 1, _k < 40, _k *= 3
        .byte _k
        .endfor
        .for _c in "ab"
        .text _c
        .endfor
        .for _a, _b in [(1, 2), (3, 4)]
        .byte _a + _b
        .endfor
        .for _p := 0, _p < 2, _p := _p + 1
        .word second + _p
        .endfor
third   .proc                           ; inside a scope of its own
        .for _j := 2, _j > 0, _j -= 1
        .byte _j
        .endfor
        rts
        .pend
fourth  jsr third
level   .encode                         ; a table of names made in a loop
        .for _i := 0, _i < 3, _i += 1
        .edef format("%c%d", 'x', _i), 16 + _i
        .endfor
        .endencode
        .enc level
        .text "x0x2x1"
        .enc "none"
        .for ch := 1, ch < 3, ch += 1   ; a plain name is the current scope's
        .byte ch
        .endfor
