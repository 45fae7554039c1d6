; 64tass: -b -D charset=1 | -b -D charset=1 -Wno-wrap-mem
; A data line whose bytes run past $ffff (a charset after an `.align $ffff`)
; is two blocks of memory to 64tass, and each block's first row in a
; --line-numbers listing shows the line's number; c64kit numbered only the
; first (found by mutating a demo's charset data). The `-D` makes 64tass
; number the rows at all (it leaves the numbers out for a lone file).
        .align $ffff
        .byte $00,$00,$18,$00,$18,$00,$00,$00,$00,$00,$18,$00,$18,$30,$00,$00
        .byte $00,$1c,$30,$60,$30,$1c,$00,$00
        * = $fffd
        .text "abcdefghijklmnopqrstuvwxyz"
        nop
