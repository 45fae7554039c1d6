; 64tass: --m65ce02 | --m4510 | --m65xx | --m65c02 -B
; `gne @b` to a label ahead is measured, like `gne`, from where it ended
; in the last pass. Made a jump, which has no byte size, it is refused and
; lays nothing out, so it ended where it began: measured from there the
; next pass it is out of reach again, and assembly ends with that one
; error (no "can't calculate stable value" from a branch that would come
; and go every pass).
        * = $2000
        lda $d011
        gne @b skip
        .fill 128, $ea
skip    rts
