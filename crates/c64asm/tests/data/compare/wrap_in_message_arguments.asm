; 64tass: -Wall | -Wall -C
; A label plus an offset past the end of memory, taken as a number by a
; function (`format`, `repr`) or printed by `.warn`, wraps around, and
; 64tass says so (-Wwrap-addr) at that argument: a bank-end report of
; `* - $8001` at the very start of a bank reads 65535, with a warning.
        * = $8000
bankstart
        .warn format("bank ends at $%04x (length $%04x, %d)", *-1, *-$8001, *-$8001)
        .warn "length ", bankstart - $8001, " of ", * - 1
        .cwarn * == $8000, "still ", repr(* - $8001)
name    = format("%x", bankstart - $8002)
        .text format("%04x", bankstart - $8001), name
        .byte <(* - $8003)
