; 64tass: -a -Wunused-variable | -a -Wall -Wunused
; A variable set again by each pass of a loop before anything read it is
; reported where it is set again ("unused variable"), and again by the
; unused check at the end if it stays unread: the same message at the
; same place, which 64tass gives once (c64kit gave it twice: the check at
; the end did not know the loop had reported it). A macro called twice
; makes two places (each call its own), and a variable read in the end is
; only reported by the loop.
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

start   ldx #0
        .rept 3
step    .var 2
        .endrept
        .for i = 0, i < 4, i += 1
delay   .var i * 3
        .next
        .for i = 0, i < 2, i += 1
seen    .var i
        .next
        lda #seen
        ldy #step
        rts

fill    .macro
count   .var 3
        .rept 2
count   .var count + 1
        .endrept
        .endm
        #fill
        #fill
