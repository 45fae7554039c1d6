; 64tass: -a -C -B | -B
; branches out of range become a branch over a jmp with --long-branch
* = $1000
        bcc far
        beq near
near    bne far
        nop
        .fill 300, $ea
far     bmi start
        rts
start   = $1000
