; a typical C64 program: BASIC stub with SYS, screen loop, data
* = $0801
        .word (+), 2024
        .byte $9e, "0" + start / 1000 % 10, "0" + start / 100 % 10, "0" + start / 10 % 10, "0" + start % 10, 0
+       .word 0
start   sei
        ldx #0
-       lda message,x
        beq +
        sta $0400,x
        inx
        bne -
+       cli
        rts
message .text "hello"
        .byte 0
