; 64tass: -a | -a -Wall
; A dictionary entry may be a key alone (`{1, 2:3}`, a set of keys, as a
; lookup table of valid commands is written): looking it up gives the key
; itself, `in` finds it, iterating gives it as it is (the others as
; `key:value`), `..` merges, `==` tells it from `key:key`; `dict()` makes a
; dictionary of a list's or tuple's elements, each a key alone, and `{*list}`
; takes them in place. c64kit refused the key alone ("not a key and value
; pair") and `dict()` ("not supported"), and a `.for` over a dictionary.
*       = $1000
valid   = {'a', 'd', 'q':'x', :'?'}
        .text valid['a'], valid['q'], valid['z']
        .byte 'd' in valid, 'x' in valid, len(valid)
keys    = {1, 2:3, (4,5)}
        .warn repr(keys)
        .warn repr(keys[1]), repr(keys[2]), format("%s", keys)
        .warn repr(list(keys)), repr(tuple(keys))
        .warn repr(keys .. valid)
        .warn repr({1} == {1}), repr({1} == {1:1}), repr({1, 1, 1})
each    .block
        .for k in keys
        .warn repr(k)
        .endfor
        .bend
pairs   = dict([(1, 2), (3, 4)])
        .warn repr(pairs), repr(len(pairs))
        .warn repr(dict({1:2})), repr(dict([])), repr(dict((7,)))
spread  = {*[1, 2], *keys, 9}
        .warn repr(spread), repr(len(spread))
        .byte {1, 2}
        .warn {5, 6:7}
