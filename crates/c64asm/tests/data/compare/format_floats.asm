; 64tass: -a -C | -a -i
; format() with %g/%G/%f/%e, the # flag (the point stays: `%#.1g` of 6 is
; `6.`, `%#g` of 2e5 is `200000.`), precision rounding, and -0.0 (64tass
; tests `< 0`, so `%+g` of -0.0 is `+-0`).
*       = $1000
        .text format("ab %f %##.1G%%", 0, 0), "/", format("%g %-#.3G", 0, 557.5)
        .text "/", format("%#9.0G", 0), "/", format("%7f %##.1g%d", 0, 6, 0)
        .text "/", format("%8b%0#g", 7, 2e5), "/", format("%#.0e %#.0f %#g", 5, 7, 0.5)
        .text "/", format("%.3g %.10g %g %G", 99999.95, 1/3.0, 1e-5, 1e100)
        .text "/", format("%+.0g %012.1E %+12e", -0.0, -0.0, -0.0)
        .text "/", format(" %+bx=%2.8F%#.8c", 0, rad(2550212171), 65)
        .text "/", format("%-9.2e/%09.3f/% g", 1234.5678, -3.14159, 2.5)
