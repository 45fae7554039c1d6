; 64tass: | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; The label list after many macro calls (each an anonymous scope, most with
; anonymous and named labels of their own), names written in other letter
; case than they are read, and .weak definitions a stronger one hides: the
; list's order is 64tass's table order, the names as first written.
        * = $1000
Wait    .macro n
        ldx #\n
-       dex
        bne -
Inner   lda #\n
        beq +
        nop
+       rts
        .endm
Start   ldy #0
        .for i = 0, i < 300, i += 1
        #Wait i & $ff
        .next
MixedCase = $12
        lda mixedcase
        .weak
Weakling = 1
Strong  = 2
        .endweak
Weakling = 3
        lda #Weakling + Strong
-       jmp -
        .block
Local   nop
-       bne -
+       bcc +
+       rts
        .endblock
