; 64tass: -B --m65c02 | -B --mr65c02 | -B --m65c02 -Wno-wrap-pc
; A long branch at the top of memory: the jmp over which its opposite branch
; skips starts where the program counter wrapped to (bank 0 on the 6502s,
; so it is in the target's program bank), and a later branch to the same
; place reuses it. The wrap is reported at the instruction's name.
* = $fffd
        nop
        nop
        bvs far
        bvs far
* = $1103
far     rts
        .logical $ffff
lab     lda #1
        nop
        .here
        .logical $ffff
        inx
        rol a
        .here
