; 64tass: -a -Wall | -a -C -Wstrict-bool
; -Wstrict-bool wherever 64tass gives it: a `.case` compared with the
; `.switch` value (at the `.case`), compound assignments (at the operator),
; `in` and `!in` (the value first, `!in` as "not equal"), `sort` of bools,
; `&&`/`||` with a list or an error value on the right, `!` of a string (its
; encoded bytes); and a value quoted in a message only where 64tass's `str`
; has room for it in 40 characters.
        * = $1000
        .switch 4 <= 2
        .case false, 2
        nop
        .case 1
        .endswitch
        .switch true
        .case 1
        .endswitch
flag    := 5
flag    ||= true
flag    := 1
flag    &&= true
bitv    := false
bitv    >>= 1
bitv    := true
bitv    |= 0
in1     = 3 in [true, 3]
in2     = 3 !in [true, 4]
sorted  = sort([true, false, true])
and1    = true && [false, true]
or1     = false || [1]
or2     = 1 || true
not1    = !"y"
not2    = !"a long text that makes bytes too long to quote"
big     = true + 123456789012345678901234567890123456789012
        .byte in1, in2, and1[0], or1[0], or2, not1, not2
        .byte sorted[0]
        .word flag, bitv
        rts
; lower case three letter names not on the left are labels 64tass warns of
; (with -C only in lower case)
        clc
 foo    nop
 BAR    nop
