; 64tass: -a -C | -a -C -Wall
; An anonymous label read as a member (`txt.-`, `txt.--`) counts back from
; where the scope's own counter of `-` labels stands, as 64tass does: after
; the block (or before it, from the pass before) `txt.-` is its last `-`,
; `txt.--` the one before. c64kit counted from the scope's first `-` and
; built `txt.-` as its first one: other bytes, no message.
        * = $1000
        lda txt.-
        lda txt.--
        ldx txt.---
txt     .block
-       nop
-       nop
+       nop
-       rts
        .bend
        lda txt.-
        lda txt.--
        lda txt.---
        .word txt.-, txt . --
