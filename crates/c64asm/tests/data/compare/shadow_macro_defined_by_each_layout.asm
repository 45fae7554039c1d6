; 64tass: -a -Wshadow | -a -Wall
; labels in any order: 64tass keys the unnamed `.dstruct`'s scope by pointer
; A macro or function defined in a structure's body is made again by each
; `.dstruct` that lays the body out; 64tass tells definitions apart by the
; file list they were made in (the definition's own, or each layout's),
; so a call in the body that finds the laid-out one while the structure
; still holds its own is a shadow ("shadow definition"). c64kit took the
; same line for the same definition and gave no warning. A macro defined
; at the top and called from two places is one definition: no warning.
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

poke    .macro
        lda #\2
        sta \1
        .endm

actor   .struct
xpos    .byte ?
setx    .macro
        #poke $d000, \1
        .endm
double  .function v
        .endf v * 2
        #setx double(4)
        .ends

start   #poke $d020, 0
        #poke $d021, 0
        .dstruct actor
        rts
