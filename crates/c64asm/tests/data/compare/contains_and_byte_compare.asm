; 64tass: -C | -i
; `in` over a list whose elements are lists (an element compared with a list
; gives a list; the last one is the result when no element equals), and a
; string compared with a byte string as its encoded bytes.
*       = $1000
        .text repr(5 !in [[0, 0]]), repr(7 in [[0, 0]]), repr(5 in [[0, 5], 1])
        .text repr(5 in [[0, 5], 5]), repr([1, 2] in [[1, 2]]), repr(5 in [[0, 0], [5, 1]])
        .text repr(5 in [[[5]]]), repr(2 !in [1, 2]), repr("a" in ["a"])
        .text repr(b"A#Z" < "( ;bz!,*"), repr(x"0102" < "a"), repr("a" <=> x"0102")
        .text repr(~x"01" < "a"), repr(x"61" == "a"), repr("ab" > ~x"00")
