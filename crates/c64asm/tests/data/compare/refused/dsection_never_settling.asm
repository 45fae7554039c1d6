; 64tass: -a | -a -L
; A `.dsection` whose place moved since the last pass needs another pass;
; here the code before it flips its place every pass (the section's first
; label's low bit decides whether the `nop` is there, and the `nop` moves
; the section). Past the pass limit that is "can't calculate stable value"
; at the section's name, before "too many passes".
        * = $1000
        .if (code & 1) == 0
        nop
        .endif
        .dsection code
        .section code
code    rts
        .send code
