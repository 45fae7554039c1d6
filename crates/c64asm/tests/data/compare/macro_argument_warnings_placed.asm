; 64tass: -a -Wstrict-bool | -a -Wall
; labels in any order (64tass orders them by its macro calls' heap addresses)
; Warnings about a macro argument that a library's macros pass on to
; other macros (a text-clipping macro called with `\bck` and with
; `\bck+\len`, a pointer macro with the flags given as numbers).
; - A `-W` warning moved to a call's argument is filed there before its
;   words (64tass gives them in the note that follows): a second one at the
;   same place is taken for the first and left out, whatever it says. Here
;   `.if (\buf)` warns of code at `scratch`, and again of an int for
;   `scratch+len`, both at the outer call's `scratch`: one warning.
; - A warning at an argument of a call inside a macro is at that argument's
;   column in the call's line as expanded (`setptr 0+1,scratch,0,0,0`, the
;   last `0`), not mapped back to the macro's own text.
        * = $1000
clip    .macro buf=0
        .if (\buf)
        nop
        .endif
        .endm
show    .macro msg,len,bck=0
        lda #\len
        #clip \bck
        #clip \bck+\len
        .endm
setptr  .macro p,m,ym=0,x=1,y=1
        .if (\y)
        iny
        .endif
        lda #<\m
        .endm
copy    .macro buf=0,p=0
        #setptr \p+1,\buf,0,0,0
        .endm
        #show msg1,msg2-msg1,scratch
        #copy scratch
        #copy scratch+1,2
msg1    .text "hi"
msg2    rts
scratch .fill 4
