; forward references that turn out to be zero page shrink to 2-byte forms
* = $0801
        lda ptr
        sta ptr+1
        ldx counter,y
        lda table,x
        lda (ptr),y
        lda (ptr,x)
        stx counter
        sty counter,x
        jmp (vector)
        jsr sub
        lda later
        lda later,x
sub     inc counter
        rts
ptr     = $fb
counter = $02
vector  = $0314
table   = $c000
later   = end - end + $40
end
