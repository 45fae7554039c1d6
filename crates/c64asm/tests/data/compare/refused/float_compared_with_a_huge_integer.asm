; 64tass: -a | -a -C
; A float meeting an integer beyond a float's range (a shifted table value
; gone huge): 64tass makes the integer a float first, so every operator,
; the comparisons too, is a "floating point overflow" in the integer's
; place, not "different", "not equal" or "not possible".
        * = $1000
big     = 1 << 1100
        .byte 1.5 != big, big == 2.0
        .byte 1.5 < big, big > 1e308, big <=> 2.5
        .byte [1.5] == [big], 0.5 in [big, 1]
        .byte (1 << 1023) * 2 >= 0.5
        .byte big == big, 1.5 == 1.5
