; 64tass: -a -C | -a
; A dotted name alone on a line (`word.body`) defines `body` in the scope of
; the label `word`; the listing shows it as a label row, at the address, as
; 64tass lists a plain label. A segment that makes dictionary entries writes
; it after its header bytes.
        * = $1000
entry   .segment name, text
\name   .text len(\text), \text
\name.body
        .endsegment

        #entry dup, "DUP"
        lda 0,x
        rts
        #entry drop, "DROP"
        inx
        rts
first   .byte 1
first.inner
first.inner2:
        jsr dup.body
        jsr drop.body
        lda first.inner
        ldx first.inner2
