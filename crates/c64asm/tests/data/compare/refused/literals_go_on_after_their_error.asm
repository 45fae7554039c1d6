; 64tass: -a | -a -C
; A prefixed string literal that is wrong (empty, a top bit in shifted
; text, a character the encoding lacks) is reported, and 64tass goes on
; with the bytes it made of it: an operation on them may fail too, and a
; variable given one is defined.
        * = $1000
        .text repr(s""[-2])
        .text repr(l""[0])
        .text repr({0: int(s'Za')}[1])
        .text repr(bytes(b"B-1#cx-~", -2))
        .text repr((s'|' x 1)[2])
v1      .var s"" != z"2l"
        .text repr(v1)
v2      := ~%1000 ^ int(s'')
        .text repr(v2)
