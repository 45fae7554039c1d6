; 64tass: -a -x -B -Wlong-branch
; Long branches on the 65816: the opposite branch over a `brl`, reused
; where in reach; `bra` and the pseudo branches become a `brl` themselves.
* = $1000
start   bne far
        beq far
        bcc far
        bra far
        gcs far
        .option auto_longbranch_as_jmp = 1
        bvs far
        bra far
        gcs far
        .option auto_longbranch_as_jmp = 0
        bpl start
* = $3000
far     bne start
        rts
