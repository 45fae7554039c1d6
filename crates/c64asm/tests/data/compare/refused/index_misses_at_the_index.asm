; 64tass: -a | -a -C
; An index that misses is placed at the index, not at its bracket; a
; dictionary's missing key too. And 64tass's own spelling of the message
; for a `.shift` byte with its top bit set.
        * = $1000
a       = [1, 2][2]
b       = [1, 2][1 + 3]
c       = {1: 2}[3]
d       = [1, 2][-3]
e       = (1, 2)[5]
f       = "abc"[7]
g       = format("a%d", [11, 2 - 2][2])
        .byte a, b, c, d, e, f
        .text g
        .shift "ab", $c1
