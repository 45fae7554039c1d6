; 64tass: -a | -a -Wall | -a -C
; labels in any order: 64tass's --dump-labels puts `limit` (defined weak, then strong) in either place (about 1 run in 30)
; `.weak` then a strong definition of the same name, read before and after
; both (the strong one from the second pass on), and a macro whose parameter
; is named as a global label and which makes a label on each call: the
; parameter is text, the body's `count` the global one.
        * = $0801
count   = 3
        .weak
limit   = 10
        .endweak
        .byte limit
limit   = 20
        .byte limit
ldimm   .macro count
        lda #\count
mark    .byte count
        .endm
        #ldimm 1
        #ldimm 2
        rts
