; 64tass: -a -C -x -X | -a -C
; A token table in the style of a BASIC interpreter: a .struct with
; parameters whose fields take parts of them (<>\name, `\name, \p | \t).
; Where the structure is defined, the parameters are gaps (?), and a gap
; under a byte operator or arithmetic stays a gap, as in 64tass.
        * = $2000
TOKEN   .struct name, length, precedence, eval, arity
prec    .byte \precedence
count   .byte \length
name    .word <>\name
bank    .byte `\name
eval    .word <>\eval
arity   .byte \arity * 2, >\eval, \arity + 1, 1 + \arity, (\arity) << 1
        .char -(\arity), ~(\arity)
        .word abs(\arity), (\eval) - 1, \eval & $ff00
        .ends

DEFTOK  .macro name, type, precedence, evaluate, arity
        .section strings
text    .null \name
        .send strings
        .dstruct TOKEN, text, len(\name), \type | \precedence, \evaluate, \arity
        .endm

tokens
plus    #DEFTOK "+", $10, 5, op_add, 2
minus   #DEFTOK "-", $10, 5, op_sub, 2
peek    #DEFTOK "PEEK", $20, 0, fn_peek, 1
        .byte size(TOKEN), TOKEN.eval, TOKEN.arity

op_add  rts
op_sub  rts
fn_peek rts

strings .dsection strings
