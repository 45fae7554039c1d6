; 64tass: -a -Wunused-variable | -a -Wall -Wunused
; A compound assignment (`+=`, `<?=`, ...) or `::=` gives its variable a
; new value that nothing has read yet: the old value it reads is not a use
; of the new one, so a counter stepped after its last read is reported
; "unused variable" at the step (64tass; c64kit did not report it). An
; expression after `::=` that reads the variable is a use. A counter a
; `.rept` body reads and steps, the way table-unrolling code does.
        * = $0801
        .word (+), 2016
        .null $9e, format("%d", start)
+       .word 0

start   ldx #0
_i      := 0
        .rept 3
        lda $2000+_i,x
        sta $0400+_i*2,x
_i      += 1
        .endrept
        jsr second
        rts

second
_i      := 0
        .rept 2
        lda $3000+_i,x
_i      ::= _i + 1
        .endrept
        ldy #0
count   := 1
        lda #count
count   <?= 0
read    := 5
read    += 1
        lda #read
never   := 1
never   ::= 2
        rts
