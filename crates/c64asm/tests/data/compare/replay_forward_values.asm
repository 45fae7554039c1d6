; Lines whose operands read labels that move between passes: a zero-page
; constant defined at the end shrinks the instructions above it in pass 2,
; so every label after them moves; a later label's low byte is read before
; and after. Each pass must use the values of that pass, not replay the
; bytes of the last.
* = $1000
start   lda #<later
        ldx #>later
        lda zpv
        sta zpv,x
        lda later + 1, y
        jmp later
        lda #<start2
start2  lda zpv2
        ldy #<later - start
        lda #(later - start) * 2 + 1
later   rts
zpv     = $12
zpv2    = zpv + 1
