; illegal opcodes switched on and off with .cpu
* = $c000
        .cpu "6502i"
        lax #$00
        slo ($10),y
        .cpu "6502"
        nop
        .cpu "6502i"
        isc $1234,x
        .cpu "default"
        rts
