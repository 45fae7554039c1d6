; 64tass: -C
; format() as 64tass: `*` takes its argument after the value, the 0 flag
; pads every conversion (on the right too when left-justified), %d cuts a
; float toward zero, a precision limits %c (differential fuzz repros 018,
; 019, 020, 056).
        * = $0801
        .text format("%*d|", 7, 3), format("%.*f|", 1.5, 3), format("%*.*f|", 1.5, 8, 3)
        .text format("%-*d|", 7, 3), format("%*d|", 7, -3), format("%*d|%d", 7, 3, 4)
        .text format("%07s|%03c", 5, 65), format("%-07s|", 5), format("%-05c|", 65)
        .text format("%-05d|%-05x|%-05.1f|", 3, 10, 1.5), format("%05.1f|%-+8.2e|", -2.5, 3)
        .text format("%d|%d|%d", -0.078, 2.7, -2.7), format("%x|%b", -1.5, 2.5)
        .text format("[%.0c]", 65), format("[%.1c]", 65), format("[%5.0c]", 65)
        .text format("%+05d|%+5d|%-+5d", 3, -4, 5), format("%d", 2 ** 70)
        .text format("%d", 113834788620914523698956298425647109849 ** 3)
        .text format("%d|%x|%X|%b", -2 ** 70, -2 ** 70 - 1, 2 ** 65 + 10, true)
        .text format("-% -F %.5dx=%b", 0, 2048334205 ** 3 << 37, 6)
        .text format("%.*c|%*c|%c|%-*c|", 65, 66, 67, 68), format("%g%*c", 0, 8)
