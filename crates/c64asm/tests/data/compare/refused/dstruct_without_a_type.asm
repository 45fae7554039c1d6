; 64tass: -C
; `.dstruct` or `.dunion` with nothing after it is "expected at least one
; argument" at the directive, as for the data directives (c64kit said "an
; expression is expected" after it; found by mutating an F256 kernel's
; event structures).
        * = $1000
point   .struct
x       .byte ?
        .ends
        .dstruct
        .dunion
p       .dstruct ; no type
        .dstruct point
