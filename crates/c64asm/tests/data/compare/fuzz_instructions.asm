; 64tass: -C | -C -a
; Instructions as the differential fuzzer found 64tass takes them: with -C
; only lower-case mnemonics (CLV is then a label), branches wrap around
; 64 KiB, a branch with an immediate operand is the raw offset (fuzz repros
; 041, 044, 045).
        * = $1000
CLV
BRK     nop
        bcs #5
        bcs #-2
        bne #$ff
        .word CLV, BRK
        * = $fff0
        bvc $0000
        beq $0010
