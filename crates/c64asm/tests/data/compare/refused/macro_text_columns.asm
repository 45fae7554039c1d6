; 64tass: -a | -a -C
; An error in a macro line that a parameter changed is placed at its column
; in the macro's text, as 64tass places it (the caret stays under the
; expanded line): past a substituted argument the texts' difference in
; length is taken off, and a place inside a default value is the
; reference's. A `.for`'s condition and step and a `.while`'s condition
; keep the expanded line's columns (64tass reads them from a copy of the
; line); a place in `\@` is the call's arguments.
        * = $0801
border  = $d020

setcol  .macro colour, reg=border
        lda #\colour+shade1
        sta \reg+offset1
        .byte \1, \1+shade2, \2 - shade3
        .endm

fill    .segment count
        .rept \count+extra1
        .byte \count - extra2
        .next
        .endm

outer   .macro value
        #setcol \value
        .endm

loops   .macro first, last
        .for i = \first+start1, i < \last, i += 1
        .next
        .for i = \first, i < \last+stop1, i += 1
        .next
        .for i = \first, i < \last, i += step1 + \first
        .next
        .while \first < stop2
        .next
        .endm

whole   .macro
        .byte \@ + all1
        .endm

        #setcol 12345
        #fill 255
        #outer 4095
        #loops 1000, 2000
        #whole 10000
