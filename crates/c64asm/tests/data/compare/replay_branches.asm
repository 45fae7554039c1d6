; 64tass: -a -C -Wbranch-page | -a -C
; Branches among replayed lines: a zero-page constant defined at the end
; shrinks `lda zp1` in pass 2, so the branches after it move by a byte (a
; branch to a fixed address changes its offset), labels ahead move, and one
; branch crosses a page in the later passes only. Anonymous labels in a
; loop name another label each time round.
* = $10f0
start   ldx #3
-       lda zp1
        dex
        bne -
        beq +
        nop
+       lda zp2
_l      dey
        bne $1110
        bne _l
        bmi later
        bne $1108
        bvc fixed
        .rept 3
-       nop
        bne -
        beq +
        nop
+
        .endrept
        ldy #0
        bcc start
later   rts
* = $1120
fixed   rts
zp1     = $12
zp2     = $13
