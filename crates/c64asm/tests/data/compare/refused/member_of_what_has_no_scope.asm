; 64tass: -a -C
; A counter kept as a member of a name that has no scope: a number, a
; `.sfunction` (whose members can be read, none being there, but not
; defined at a line's start). 64tass reports the member operator at the
; dot ("member '.' of int '5' and symbol 'next' not possible") and nothing
; more for the line: the name before the `:=` stands, so no "label
; required". c64kit said "count has no members" at the name, then "label
; required".
count   = 5
count.next := 1
count.next += 1
count.next ::= 2
twice   .sfunction x, x * 2
twice.calls := 0
        * = $1000
        .byte twice.calls, twice(3)
