; 64tass: -a -C | -a
; The arguments of `.cdef`, `.tdef` and `.edef` are computed with no encoding
; in effect: a one-character string in arithmetic is its code point, not its
; byte in the encoding being defined (which may not have it yet), also in a
; function they call (a level editor's generated escape names).
        * = $1000
speed   .function prefix, n
        .endf format("%s%c", prefix, char(n < 10 ? '0' + n : 'a' + n - 10))
tiles   .encode
        .edef "__", 0
        .for i = 0, i < 12, i += 1
        .edef speed("=", i), 16 + i
        .next
        .cdef 'a' + 1, 'a' + 3, 40      ; "b" to "d"
        .tdef 'x' + 1, 50               ; "y"
        .endencode
        .enc tiles
        .text "__=0=9=a=b", "bcd", "y"
        .enc "none"
        .byte '0' + 1                   ; the "none" encoding's byte again
