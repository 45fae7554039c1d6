; 64tass: -c -B | -B
; A branch to a label not defined yet in this pass is measured from where
; the branch ended in the last pass, as 64tass measures it (the label moves
; with the branch's size): with -B a branch on the edge of its reach
; settles short as in 64tass, where it stayed turned around (beq *+5 / jmp).
        * = $1000
        bne far
        gne +
+       .fill 126
far     rts
