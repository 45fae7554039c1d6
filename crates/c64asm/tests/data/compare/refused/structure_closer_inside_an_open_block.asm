; 64tass: -C
; errors in 64tass's order, with -Wpitfalls notes
; A `.struct`'s body ends at the first `.ends` met where no block opened
; inside the body is still open, as 64tass assembles the body in place: an
; `.ends` inside an open `.block`, `.if` or `.virtual` is an error there, and
; the body goes on (c64kit ended the body at the first `.ends` of the text;
; found by mutating a 65816 BASIC's memory map).
        * = $1000
point   .struct
x       .byte ?
        .block
        .ends           ; inside the block: not the structure's end
        .bend
y       .word ?
        .if 0
        .ends           ; skipped, still an error
        .endif
area    .virtual 4
        .ends           ; inside the virtual area
z       .byte ?
        .endv
w       .byte ?
        .ends
pair    .union
a       .byte ?
        .block
        .endu           ; inside the block
        .bend
b       .word ?
        .endu
p       .dstruct point
q       .dunion pair
        .word point.y, point.w, p.w, q.b, size(point), size(pair)
