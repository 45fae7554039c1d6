; 64tass: -a -Wshadow | -a -C -Wshadow | -a | -a -Wall -Wno-float-round
; labels in any order
; -Wshadow: a symbol read in an inner scope while an outer scope or the built-ins
; (functions, registers a p s x y) have the same name; warned at the hiding definition.
        * = $1000
cnt = 2
m .macro v
cnt = \v
 .byte cnt
 .endm
 #m 5
 .for i = 0, i < 2, i += 1
 .block
i2 = i
 .byte i2
 .bend
 .next
n .namespace
cnt = 3
 .byte cnt
 .endn
 .byte n.cnt
s .struct
cnt .byte ?
 .ends
v .dstruct s
 .word v.cnt
p .proc
 lda cnt
 .pend
 jsr p
f .function x
 .endf x + cnt
 .byte f(1)
x2 = 1
 .block
x2 = 4
 .block
 .byte x2
 .bend
 .bend
 .block
 .byte size
size = 2
 .bend
 .weak
w = 1
 .endweak
 .byte w
w = 2
len = 3
        .byte len
b4      .block
        lda #bar
bar = 9
        .endblock
bar = 7
        lda #bar
