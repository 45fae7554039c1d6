; 64tass: -a | -a -Wall
; all() and any() of a label take its address as a bit string (all its
; bits set?), not the bytes at it: all(lab) is false at $1000 (c64kit said
; true). A dictionary looked up with a tuple of keys gives a list, as with
; a list of keys (c64kit gave a tuple).
*       = $1000
lab     .byte 1, 2, 3
        * = $ffff
top     .byte 1
        * = $1003
a1      = all(lab)
a2      = any(lab)
a3      = all(top)
a4      = all([lab, top])
a5      = all((lab,))
        .byte all(lab), any(lab), all(top), any(top)
dct     = {1: "one", 2: "two", :"many"}
k1      = dct[(1, 2)]
k2      = dct[[2, 7]]
k3      = dct[()]
k4      = dct[(1,)]
        .text dct[(2, 1)]
