; 64tass: -a -Wall
; errors in 64tass's order, with -Wpitfalls notes
; .shift, .shiftl and .null check a value's bytes after reading it: the
; errors of the elements that are no byte come first, as each is read, then
; "most significiant bit must be clear" or "zero value not allowed" for the
; value. c64kit gave the check's error first.
        * = $1000
        .shiftl range(254, 258)
        .shift 1, [$80, 256]
        .null range(-2, 1)
        .null [0, -1], 1
