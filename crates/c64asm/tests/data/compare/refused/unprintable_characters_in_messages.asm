; 64tass: -a
; A character 64tass does not show as it is (a separator but the space, a
; format character, a control) is written as its code in a message too, as
; in a listing: `<U+3000>` (c64kit wrote the ideographic space as it is).
; A character it shows (`é`) stays.
        * = $1000
        .text "a　b"
        .text "é"
        rts
