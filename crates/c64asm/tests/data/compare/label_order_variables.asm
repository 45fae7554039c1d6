; 64tass: -a
; a label before .var and an anonymous constant leave 64tass's root table
; without its extra "-" entry: text stays before a_name_longer_than_sixteen
* = $1000
origin = $c70
a_name_longer_than_sixteen = 5
here    nop
text = "a string value"
v       .var 1
- = 5
