; 64tass: -a | -a -Wfloat-round | -a -Wno-float-compare -Wno-size-larger | -a -Werror=float-round -Wno-float-round | -a -w
; Warnings 64tass gives by default (-Wfloat-compare, -Wsize-larger) and under
; -Wfloat-round, at the same places and with the same words.
        * = $1000
sum     = 2.1 + 0.2                     ; 2.3000000000000003: "equal" to 2.3
        .byte sum == 2.3, sum != 2.3, sum < 2.3, sum <= 2.3, sum > 2.3, sum >= 2.3
        .byte (sum <=> 2.3) + 1, 2.3 == sum, 2.3 < sum
        .byte sum == 2.3000000000000003, 1e20 + 1 == 1e20, 0.0 == 1e-300
        .byte [sum] == [2.3], [sum] != [2.3], [sum] < [2.3], (sum, 1) < (2.3, 2)
        .byte sum in [2.3], sum !in [2.3], 2.3 in (sum, 5)
        .byte 3 == 3.0000000001, 2.0000000001 == 2, (sum <? 2.3) > 2
        .byte len(sort([sum, 2.3, 1.0]))
        .byte sum == 2.3 ? 5 : 6, !(sum != 2.3)
        .if sum == 2.3 && 1
        .byte 7
        .endif
        .switch sum
        .case 1.0, 2.3
        .byte 1
        .default
        .byte 2
        .endswitch
; sizes measured from ahead of the area
vec     .word ?, ?
one     .byte ?
back2   = vec - 2
        ldx #size(back2)
        .byte size(vec - 1), len(vec - 1), size(vec + 1), len(one - 0), size(vec - 3)
        .byte size(back2) + len(back2)
; implicit rounding of floats
        .byte 3.0, 3.5, 1.5 + 1, -(1.5) + 3, 2 ** 1.5, [1.5] + [1]
        .word 2.5
        lda #1.5
        lda 2.5
        .fill 2.5, 1.5
        .byte [1, 2, 3][1.5], len(range(2.5)), byte(2.5), int(2.5)
        .byte 7 >> 1.5, 7 & 1.5, 1.5 | 0, <1.5, >300.5
        .text format("%d", 2.5)
        .char ~1.5
        .rept 1.5
        nop
        .endrept
