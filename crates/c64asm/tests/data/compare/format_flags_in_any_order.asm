; 64tass: -a | -a -C -Wall
; format() takes a conversion's flags after its width too, as 64tass reads
; them in any order until the conversion's character: `%5-d` is left-aligned,
; `%6+d` signed, `%4#x` prefixed, `%05-d` left-aligned with its zero pad.
        * = $1000
        .text format("[%5-d][%6+d][%4#x][%05-d][%3 d]", 7, 8, 9, 10, 11)
        .text format("[%8-.2f][%7+-.1f][%-8#.0f]", 2.5, -3.25, 4.0)
        .text format("[%*-d][%-*d]", 4, 12, 5, 13)
        .null format("%4-s:%3-c:", "ab", 65)
