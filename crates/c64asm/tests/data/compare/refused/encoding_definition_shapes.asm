; 64tass: -a
; How `.cdef`, `.tdef` and `.edef` take their arguments apart, as 64tass 1.58
; does (an Atari or NES game's own character set is made of these):
; - a `.cdef` string of two characters is a whole range; of more, the one
;   error "more than two characters", and the group still ends at its byte;
; - a shorter first string is the range's start: an empty one is "empty
;   string not allowed", and the end must be one character;
; - the first `.cdef` range or `.edef` escape already defined otherwise ends
;   the line: the groups after it are not defined (the `.text` below shows
;   it), while `.tdef` still defines the other characters of its pair and
;   reports the pair once; counting up past 255 is that value's error;
; - a `.tdef` list element that is an empty string is character 0.
        * = $2000
        .enc "game"
        .cdef "abc", $10
        .cdef "xyz", $20, "09", $30
        .cdef "", $40
        .cdef "A", "", $50
        .cdef "B", "CD", $60
        .cdef "AZ", $41
        .cdef "AZ", $01, "ae", $61, "{}", $7b
        .edef "<t>", 9
        .edef "<t>", 10, "<n>", 13
        .tdef "!", 1
        .tdef "!?", 5
        .tdef [""], 7
        .tdef "rs", 255
        .text "?09"
        .text "ab"
        .text "<n>"
