; 64tass: -a -C -Wbranch-page | -a -C -B
; labels in any order (64tass orders them by a pointer where macros make anonymous scopes)
; Branches kept for replay (by their executed line, with their program
; counter): zero-page constants defined at the end shrink `lda zp1` and
; `lda zp2` in pass 2, so a branch to a constant label moves while its
; target stays, the same macro line branches from three places, a loop's
; branches repeat, and a branch ahead is kept in pass 2 with the value of
; its label from pass 1 (read before its definition), moved since.
t       = $1030
m       .macro
-       dex
        bne -
        beq +
        bne t
        nop
+       rts
        .endm
* = $1000
        bne fwd
        lda zp1
        bne t
        #m
        lda zp1
        #m
        lda zp2
        #m
        .rept 3
-       dey
        lda zp2
        bne -
        bmi +
+
        .endrept
fwd     rts
        bcc fwd
zp1     = $12
zp2     = $13
