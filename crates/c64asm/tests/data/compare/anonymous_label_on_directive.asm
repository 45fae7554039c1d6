; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (an unlabelled macro call) by pointer
; Anonymous labels in front of directives, as a music player's macros
; write them: a branch that becomes a jump when its target is too far ends
; in `+ .fi` inside the macro. 64tass lists such a label as a row of its
; own, as it lists a named one (`--verbose-list`: the label alone where
; the line starts skipping or goes round a loop again). A labelled `.page`
; block: the label's size is the block's.
        * = $1000
ptr     = $fb
BMIauto .macro
        .if ( *+2-$80 <= \1 && \1 <= *+2+$7F )
         bmi \1
        .else
         bpl +
         jmp \1
+       .fi
        .endm

play    ldy #0
        lda (ptr),y
        #BMIauto near
        #BMIauto far
near    iny
-       .page
        lda table,y
        .endp
        .if 1
         nop
+       .else
         nop
+       .fi
        .for i := 0, i < 3, i += 1
         .byte i
-       .next
        jmp -
table   .byte 1, 2, 3
row     .page
        .byte size(row), size(table)
        .endp
        .fill 200
far     rts
