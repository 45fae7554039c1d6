; 64tass: -a
; 64tass reads every element of a directive's or a call's list before it
; counts them: in a list of the wrong length the names are still read. A
; `.proc` named only in such a list inside itself is still used, so every
; pass assembles it again and the count's error stays (without the read,
; the second pass would leave each `.proc` out and the source would
; assemble with no message). A failure kept in an element ("x"[7]) is not
; reported: the value is never used.
        * = $1000
        rts
p1 .proc
        .fill p1, 1, 2
        .pend
p2 .proc
        .assert p2, 1
        .pend
p3 .proc
        .cdef p3
        .pend
p4 .proc
        .byte 1
        .if p4, 1
        .endif
        .pend
p5 .proc
        .byte 2
        #p5, "x"[7]
        .pend
p6 .proc
        .byte 3
        .fill 1, p6, 2, 3
        .pend
p7 .proc
        .byte 4
        mvn #`p7, #`p7
        .pend
