; 64tass: -a | -a -Wall | -a -C
; Cheap locals of one name under two code labels (each read in its own
; scope: the name has two labels, the tables answer), and anonymous labels
; around them.
        * = $0801
first1  ldx #0
_loop   dex
        bne _loop
        .byte <_loop
first2  ldy #0
_loop   dey
        bne _loop
        .byte <_loop
-       nop
        bne -
        beq +
        .byte <-
+       rts
