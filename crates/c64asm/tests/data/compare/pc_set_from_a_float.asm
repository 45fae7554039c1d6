; 64tass: -a|-a -b
; A lesson computes where its code goes and sets the program counter from
; the result, a float (`* = 8192 / 4.0 + 0.25`): 64tass keeps the value's
; fraction and adds it to every address the counter gives, so the labels
; after it are 2048.25, 2053.25, ... in the label list (`* = * + 16` keeps
; it, being set from code of that counter), while the bytes use the whole
; addresses. A counter set from an integer again drops it.
screen          = $0400
                * = 8192 / 4.0 + 0.25
start           ldx #0
-               lda message,x
                beq done
                sta screen,x
                inx
                bne -
done            rts
message         .null "ciao"
                * = * + 16
table           .byte <start, >start, <table, >table
                .word start, message, table
rate            = start / 2
                * = $1000
after           .word after
