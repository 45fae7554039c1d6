; 64tass: -a
; `x == 1` and `*==1` are assignments (`=`) whose value is missing: "an
; expression is expected" at the second `=` (c64kit said "label
; required"). A compound assignment to a built-in name (a register, a
; function) finds it as a constant through the scopes: "not a variable",
; not "not defined symbol"; a cheap local is looked for in its scope only.
        * = $1000
*==1
* == 1
count == 2
total === 3
x += 2
a ::= 1
len ..= "x"
        .cpu "65816"
b <?= 2
scope   .block
y >>= 1
        .bend
_tmp    += 1
nothing ::= 4
        rts
