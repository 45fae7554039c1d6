; 64tass: -a | -a -C | 
; A byte with its top bit set where `.shift`, `.shiftl` or an s"" or l"" string
; forbids it is placed at the character it came from (an escape: at its
; first character), as 64tass places it.
 .shiftl "Z"
 .shift "abé"
 .text s"aZ"
 .text s"{clr}x"
 .text repr(s"a" .. bytes(s"Zb") x 0)
 .shift "abc", "Aa"
 .text l"abcZ"
