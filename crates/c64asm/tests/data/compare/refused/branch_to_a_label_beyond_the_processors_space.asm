; 64tass: -a | -a -B | -a -B -Wlong-branch
; A branch reads its target as 64tass does, masked to the processor's space
; without an error: to a code label placed beyond the 6502's 16 bits (the
; section laid out at $10002 under a 65816) it is in another program bank.
; A branch made a jump (`gcs` that doesn't reach; `bcs` and `bra` too under
; -B) refuses the label as `jmp` does, the value as far as the space holds
; it, and is laid out all the same: three bytes, so `target` is at $10009
; (`int '9'`).
        .cpu "65c02"
        jmp target
        .section far_code
        bcs +
        bra +
+       gcs target
target
        .send
        .cpu "65816"
        * = * + 65535
        .dsection far_code
