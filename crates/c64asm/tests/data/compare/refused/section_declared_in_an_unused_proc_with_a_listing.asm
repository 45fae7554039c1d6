; 64tass: -a -L | -a -C -L
; A section's only `.dsection` is in a `.proc` nothing calls. The first pass
; assembles the `.proc` (no pass before it to tell it is unused), so the
; section is declared there; the second leaves the `.proc` out and settles,
; with the section's fragments placed from the first pass's declaration.
; With a listing 64tass runs one pass more for it, and in that pass the
; section was declared in no pass before: "not defined" at the `.section`.
; Without `-L` the same source assembles (64tass: 2 passes, no message).
        * = $0801
        .section buffers
scratch .fill 0
        .send buffers
        rts

unused  .proc
        .dsection buffers
        .pend
