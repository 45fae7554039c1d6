; 64tass: -a | -a -C
; list() and tuple() of a value that is not a sequence: 64tass's words are
; "conversion of ... to list is not possible", as for text.
        * = $1000
        .text repr(list(1))
        .text repr(tuple(6))
        .text repr(list(3.3826))
        .text repr(tuple(true))
        .text repr(list(%101))
        .text repr(tuple(list))
