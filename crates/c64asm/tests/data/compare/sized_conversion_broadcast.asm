; 64tass: -a | -a -Wall
; bits(v, n) and bytes(v, n) broadcast the value and the size together, as
; format() its arguments: `bits((3,), 2)` is a list, as a one-element tuple
; stands for its element (c64kit kept the tuple), and a list of sizes
; gives one conversion each.
*       = $1000
b1      = bits((3,), 2)
b2      = bits((3, 1), 4)
b3      = bits(3, (2, 4))
b4      = bits([1, 2], (2, 3))
y1      = bytes((3,), 1)
y2      = bytes([1, 2], (1, 2))
y3      = bytes(((3,),), -2)
        .byte bytes((1, 2), 1), bits([5], 8)
        .text bytes(7, [1, 2])
