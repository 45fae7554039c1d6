; 64tass: | -a
; Names written in other letter case than they are read, anonymous labels
; (not listed) and .weak definitions a stronger one hides, in a global scope
; and a named block: the label list in 64tass's table order, each name as
; first written.
        * = $1000
Start   ldy #0
-       dey
        bne -
MixedCase = $12
        lda mixedcase
        .weak
Weakling = 1
Strong  = 2
        .endweak
WEAKLING = 3
        lda #weakling + Strong
-       jmp -
Named   .block
Local   nop
-       bne -
+       bcc +
+       rts
Sub_Label lda local
        .endblock
        .for k = 0, k < 40, k += 1
        .byte k
        .next
