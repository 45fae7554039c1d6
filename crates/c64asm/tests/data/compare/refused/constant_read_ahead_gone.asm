; 64tass: -a
; A constant of the last pass read ahead of its line is found, but if that
; line doesn't run again by the end of the pass, another pass comes, where it
; is no longer found: "not defined", not the last pass's value. The same for
; an anonymous label, and for a range or an escape of an encoding.
        * = $1000
        lda gone                ; defined in pass 1 only
        lda zp
mid
        .if mid == $1006
gone = 5
        .endif

        bne +                   ; the `+` of pass 1 only
        lda zp
        .if mid == $1006
+       nop
        .endif
        nop
+       nop

        .enc "mine"
        .text "a{e}"            ; defined in pass 1 only
        .if mid == $1006
        .cdef "aa", 1
        .edef "{e}", 2
        .endif
        .cdef "zz", 26
zp      = $10
