; 64tass: -a
; an anonymous label (not "- = value") gives 64tass's root table its extra
; "-" entry, which moves a_name_longer_than_sixteen before text
* = $1000
origin = $c70
a_name_longer_than_sixteen = 5
here    nop
text = "a string value"
-       bne -
