; 64tass: -a -Wall
; A .fill or .align count is a size (64tass's uval2): an inverted bit or
; byte string (~%1, -x"12", -"a") is a negative number there, "value needs
; to be non-negative", where a data byte takes it as a bit pattern. c64kit
; took the pattern (a count of about 4 GiB: its runaway error for .fill, a
; wrap for .align). And a fill value is read only as far as it fills, so of
; range(254, 258) filling three bytes only 256 is too large.
        * = $1000
        .fill ~%1
        .fill ~$ff
        .fill -x"12"
        .align ~%11111111
        .align -"a"
        .fill 3, range(254, 258)
        .align 8, range(254, 258)
