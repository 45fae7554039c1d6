; 64tass: -a
; Where 64tass places an error in brackets: a built-in function given the
; wrong number of arguments at the first one's text (its `#` or bracket),
; also through a macro's `\@`; a `#` call of a value that is no macro at
; the value, after its opening brackets.
        * = $1000
count   = 3
width   = 4
        ldx #len(#1,#2)
        ldx #len( #1 , #2)
        ldx #len((1),2)
        ldx #len(#(1),3)
        ldx #len(#-1,3)
        ldx #len(count+1,3)
        ldx #len(-1,3)
        lda #abs(#count,2)
both    .macro
        ldx #len(\@)
        .endm
        .both #1,#2
        .both (1),2
run1    #(count-1)*width
run2    #count*width
run3    #(count-1)
run4    #((count))
