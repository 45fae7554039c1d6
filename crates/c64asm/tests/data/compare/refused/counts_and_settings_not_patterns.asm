; 64tass: -a | -a -Wall
; A count or a setting takes an inverted bit or byte string as a negative
; number, not as a bit pattern (64tass's size conversion, as `.fill` and
; `.align` already do): `~%1`, `-x"01"` and `-"a"` are "value needs to be
; non-negative" in `.rept`, `.eor`, `.databank`, `.dpage`, `.assert` and
; `.check` masks and `.cdef`'s ranges and codes. c64kit took the pattern:
; `.rept ~%1` repeated its line about 4 billion times.
        .cpu "65816"
        * = $1000
        .rept ~%1
        nop
        .endrept
        .rept -x"01"
        nop
        .endrept
        .eor -"a"
        .byte 1
        .databank ~%1
        .dpage -x"0001"
        .cdef "ab", ~%1
        .cdef 65, -"a", 1
        .text "ab"
        .dsection code
        .section code
        .byte 2
        .send code
        .assert ~%1, 0, 0
        .check 0, -x"01"
