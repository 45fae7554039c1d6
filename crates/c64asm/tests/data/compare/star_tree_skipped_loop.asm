; 64tass: -a -B | -a -B -L
; A branch remembers where it ended last pass by where it runs (64tass's
; star tree: inside each loop, call or include lines are counted afresh),
; not by how many lines ran before it: here pass 1 runs the loop of a
; .proc that pass 2 skips, and the branch in uz must still find its own
; end (_tmp is 7 bytes in, not 10).
ig .proc
.brept 2
nop
.next
.fill 200
.pend
uz .proc
beq +
lda #2
+ sta $1234
_tmp ora #0
.pend
uc .proc
jsr uz
.pend
