; 64tass: | -a | -Wall
; `.null` refuses a zero byte; one that comes from a string's character (the
; screen encoding's `@`, a user encoding's character defined as 0) is
; reported at that character, as `.shift` reports a high bit.
* = $1000
        .enc "screen"
        .null "ab@cd"
        .null "x", "y@"
        .null "@@"
        .null ("a@" x 2)
        .null 'q@'
        .enc "mine"
        .cdef "aa", 0
        .cdef "bz", 66
        .null "bab"
        .enc "none"
        .null "b", 0
        .null 1, "b", 0
        .null "fine"
