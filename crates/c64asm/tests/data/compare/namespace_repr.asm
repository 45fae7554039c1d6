; 64tass: -a | -a -C
; `str()` and `repr()` of a namespace list its members as
; 64tass does, in the order of its symbol table (a hash table), each as
; `<label 'name'>`: `namespace({<label 'alpha'>,<label 'zeta'>,...})`.
; (64tass counts only the names' characters in that string, so its `len()`
; and `format()` see it shorter than it is: not compared here.)
        * = $1000
n       .namespace
zeta    = 1
alpha   = 2
mid     nop
b       = 4
Long_Name_Here = 5
x1      = 6
x2      = 7
        .endn
e       .namespace
        .endn
one     .namespace
only    = 1
        .endn
        .enc "ascii"
        .cdef " ~", 32
        .text str(n)
        .text repr(e), repr(one)
