; 64tass: -a | -a -C
; An unknown conversion in a format() string (a `%o` or `%i` written as C
; has them, a `%` with a width): 64tass reports each at its character in the
; string and goes on, taking its argument (and a `*` width's), so the count
; of arguments still agrees and every unknown one is reported.
        * = $1000
        .text format("%b %o %#o %08b", 5, 8, 8, 5)
        .text format("x=%i", 5), format('%5%', 1)
        .text format("%*k-%d", 3, 4, 5)
        .text format("say ""%q"" %d", 1, 2)
        .text format("%u%u", 1, 2) .. format("%d", 3)
        .null format("%02h", 7)
