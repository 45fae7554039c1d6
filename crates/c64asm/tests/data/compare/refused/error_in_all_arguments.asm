; 64tass: -a
; An error in the text `\@` put in a macro's line (all its arguments) is
; placed at the call, where that text is, as an error in one argument's
; text is.
        * = $1000
clear   .macro
        ldx #len(\@)
        lda \@
        .endm
        #clear 1,2
        #clear   $04,$05
        #clear 1/0
