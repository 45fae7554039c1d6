; 64tass: -a | -a -Wall
; A data directive takes a dictionary as the list of its `key:value`
; entries, as 64tass iterates one: an empty dictionary, or one with only a
; default value, writes nothing and is no error (c64kit refused them as
; "can't get integer value of dict").
*       = $1000
empty   = {}
        .byte 1, {}, 2
        .text "a", {:5}, "b"
        .word {}, $1234, empty
        .null {}
        .ptext {:"x"}, "yz"
        .addr {}
