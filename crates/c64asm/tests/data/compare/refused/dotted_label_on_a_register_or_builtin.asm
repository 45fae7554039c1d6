; 64tass: -a | -a --m65816
; A dotted label whose first part names no label but a built-in (a register
; letter of the processor, a function such as `len`) defines nothing: 64tass
; finds the built-in as a read does and says the member operator can't be
; applied to it, at the dot, each time (a line copied from an error log,
; `a.asm:3:21: ...`, reads as such a label). Not "not defined symbol 'a'",
; once. A first part a label names, even later, is its scope as before.
        * = $1000
a.asm:  nop
x.count = 2
        lda a.asm
y.loop  nop
a.asm:  nop
len.max = 3
sizes.small = 1
sizes   .block
        .bend
        lda #sizes.small
