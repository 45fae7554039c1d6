; 64tass: -a -C
; After a scope's end its `+` labels are behind its counter of them: `txt.+`
; finds none ("not defined anonsymbol '+'", searched in that object only),
; and `txt.--` none where the scope has one `-`. c64kit took the scope's
; first `+` and said "not defined symbol '-'".
        * = $1000
txt     .block
-       nop
+       nop
+       rts
        .bend
        lda txt.+
        lda txt.++
        lda txt.--
