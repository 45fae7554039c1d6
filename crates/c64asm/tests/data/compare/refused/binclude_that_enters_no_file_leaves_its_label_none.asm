; 64tass: -a
; A labelled `.binclude` that enters no file (it is missing, already open, or
; the name is no string) leaves its label none, as 64tass does: member
; lookups through the label then report nothing, and only the directive's
; own error remains. A plain `.include`'s label, and undefined symbols
; elsewhere, are reported as before. Seen in a project's history where a
; module file had not been committed yet.
        * = $1000
        jsr draw.line
        lda draw.table,x
        sta menu.entry.pos
        lda nowhere
        lda plain.x
        .word recursive.start, typed.here

draw    .binclude "not_committed_yet.asm"
menu    .binclude "binclude_that_enters_no_file_leaves_its_label_none.asm"
recursive .binclude "binclude_that_enters_no_file_leaves_its_label_none.asm"
typed   .binclude 3
plain   .include "not_committed_either.asm"
        rts
