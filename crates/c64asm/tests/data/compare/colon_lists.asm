; 64tass: -a | -a -Wall
; 64tass's `:` is an operator of its own, looser than `?:` and tighter than
; `,`: it makes a colon list of any length in any expression, with an
; element left out at either end or between two colons (`:4`, `1:`, `1::2`).
; A parenthesis or a list holds one; `repr`, `str` and `type` show it, and
; the label dump writes each value as its repr. `?:` binds tighter (`1 ? 2 :
; 3 : 4` is `(1 ? 2 : 3):4`, `1 : 0 ? 2 : 3` is `1:(0 ? 2 : 3)`), so do `||`,
; `..` and `#`. Dictionaries and slices, whose `:` was always read, are the
; same as before.
        * = $1000
pair    = 2:3
triple  = 1:2:3
head    = :4
tail    = 1:
gaps    = 1::2
grouped = (1:2)
listed  = [1:2, :, "a":"b"]
tupled  = (1:2, 3:4)
choice  = true ? 2 : 3 : 4
branch  = 1 : false ? 2 : 3
logic   = false || 2 : 3
joined  = [1] .. [2] : 3
immed   = #1:2
kind    = type(2:3)
table   = {1:2, 3:4, :5}
sliced  = [1, 2, 3, 4, 5][1:4:2]
        .byte table[3], table[9], sliced
        .text repr(1:2:3), ",", str(:4), ",", repr(kind), ",", repr(2:"x")
        .byte len([pair, triple]), pair == (2:3), pair == (2:4)
        rts
