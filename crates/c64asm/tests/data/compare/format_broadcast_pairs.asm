; 64tass: -a | -a -Wall
; format(), pow(), hypot() and atan2() broadcast their list and tuple
; arguments together, element by element (`format("%s%s", (1, 2), (3, 4))`
; is ("13", "24"), where c64kit made every pair: (("13", "14"), ("23",
; "24"))); a one-element sequence stands for its element, and the result is
; a tuple when the first sequence is (or holds as its one element) a tuple,
; else a list: format of `(3,)` is a list.
*       = $1000
        .text format("%s%s", (1, 2), (3, 4)), format("%s", ["a"] x 2)
f1     = format("%s%s", (1, 2), (3, 4))
f2     = format("%s%s", [3, 4], (1, 2))
f3     = format("%s%s", (3, 4), [1, 2])
f4     = format("%d-%d", [1], (5, 6))
f5     = format("%s", (3,))
f6     = format("%s", ((1, 2), (3,)))
f7     = format("%s", [[1, 2]])
f8     = format(["%d", "%x"], 26)
f9     = format(("<%s>",), [1, 2])
f10    = format("%s%s", (), 1)
f11    = pow((1, 2), [3, 4])
f12    = pow([2], (3, 4))
f13    = hypot((3,), (4,))
f14    = atan2([0, 1], ([0],))
        .text format("%s=%02x;", ("a", "b"), [10, 11])
