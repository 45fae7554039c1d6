; 64tass: -a | -a -Wall
; 64tass reads the assignment operators (`+=`, `:=`, `x=`, ...) as operators
; in any expression, where no statement takes them as one: looser than `:`
; and left to right. Evaluated, each is refused, "add assign '+=' of int '1'
; and int '2' not possible" at the operator, element by element for a list,
; naming the value an immediate operand holds (`lda #1 += 2`).
; A `.for` whose condition is `i += 1` is refused so. c64kit said "an
; operator is expected" or "',' expected". As statements (`x += 1`, `.for`'s
; step, `.var`, `:?=`) they assign as before.
        * = $1000
x       .var 1
x       += 2
y       :?= 3
        .byte x, y
        .byte 1 += 2, 1 -= 2, 1 *= 2, 1 /= 2, 1 %= 2, 1 **= 2
        .byte 1 |= 2, 1 ^= 2, 1 &= 2, 1 <<= 2, 1 >>= 2, 1 ..= 2
        .byte 1 <?= 2, 1 >?= 2, 1 x= 2, 1 .= 2, 1 ||= 2, 1 &&= 2
        .byte 1 := 2, 1 :?= 2, 1 ::= 2
        .byte [1, 2] += 1, 1:2 += 3, 1 += 2:3, 1 += 2 -= 3
        .byte (x += 1), [y -= 1]
        lda #1 += 2
        lda (1 += 2),y
        .for i := 0, i += 1, i += 1
        .endfor
        .for i := 0, i < 3, i += 1
        .byte i
        .endfor
        rts
