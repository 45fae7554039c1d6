; 64tass: -a -Wall | -a
; A .fill or .align value is read only as far as it fills: 64tass stops
; reading a list once it has as many bytes as the count (at every depth), so
; the values after are neither written nor checked. An error value, a byte
; too large, a float or a bool past that point says nothing; c64kit read the
; whole list and refused (or warned) for values it never wrote. A fill with
; no value is a gap: it only moves the address, so a count of nearly 4 GiB
; wraps round it (with the wrap warnings) where c64kit stopped at its
; runaway limit.
        * = $1000
        .fill 2, [1, 2, 1/0]
        .fill 3, [1, "ab", 300]
        .fill 2, [[1, 2, 300], 400]
        .fill 2, [1, ?, 3.5]
        .fill 1, [1, true]
        .fill 0, [256]
        .align 4, [$ea, $ea, $ea, 1/0]
        .fill 5, [7, 8]
        .fill $ffffffff
        nop
