; 64tass: -a -C -Wshadow | -a -Wall
; A segment called in a file that `.binclude` brings in defines labels
; named like built-ins (`abs`, `type`) from its argument; read later in
; that file, -Wshadow is given at the segment's line, in its text, as 64tass
; gives it (not at the `.binclude` line, which is no call with arguments).
        * = $1000
prog    .logical $8000
        .binclude "shadow_builtin_from_binclude.inc"
        .endlogical
