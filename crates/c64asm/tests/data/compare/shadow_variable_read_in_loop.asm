; 64tass: -a -Wshadow | -a -Wall
; A variable named like a built-in (`s`) set by each `.segment` call and read
; by `.if`, a `.for` condition and `.byte` lines of the call: the warning is
; given once per definition (here once per call), not once per read, also
; when the read is inside a value kept for later (`len(s)`).
        .cpu "6502i"
mk      .segment
s       := \1
        .if len(s) > 2
        .byte len(s)
        .endif
        .for i = 0, i < len(s), i += 1
        .byte s[i]
        .next
        .endm
        * = $1000
        #mk [1, 2, 3]
        #mk [4, 5]
blk     .block
s       := 7
        .byte s, s
s       := 8
        .byte s + len([s])
        .bend
