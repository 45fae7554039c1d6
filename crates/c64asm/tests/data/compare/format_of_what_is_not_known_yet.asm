; 64tass: -a -C | -a -C -B
; `format` of a value not known yet (the first pass's `start`, defined
; below) makes text as 64tass does: `%d` and `%x` give "0", `%c` "?", `%s`
; nothing, a `*` width 0. The BASIC line's length in the first pass decides
; where a routine only that pass assembled lies, which `--dump-labels`
; shows; c64kit gave no text there, two bytes shorter.
-       nop                             ; a label before the program
        * = $0801
        .word (+), 2024
        .null $9e, format(" %d ", start), $3a, $8f, " prg"
+       .word 0
unused  .proc                           ; nothing calls it: pass 1 only
first   lda #0
texts   = format("%5.3x|%c|%s|%*d|%f", start, start, start, start, 3)
        .pend
start   rts
