; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes (macro and function calls, blocks) by pointer
; A `.function` called as a statement takes its arguments as an
; instruction's operands: `(zp),y` stays an indirect address and `#3` an
; immediate, so the function can pass them on to an instruction.
        * = $1000
load    .function operand
        lda operand
        .endf
put     .function value=1, count=3
        .byte value, count
        .endf
        load ($12),y
        load #3
        load $12,x
        load table
        #load ($20,x)
        .load $30
        put 7
        put 8, 9
        put
first   put 5
        .text repr(type(put)), repr(type(twice)), repr(twice)
twice   .sfunction x, x * 2
        .byte twice(4)
table   .byte 0
