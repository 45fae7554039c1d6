; 64tass: -a -Wshadow | -a -Wall
; A compound assignment (`a += v * 2`) finds its variable through the scopes as a
; name read does: `-Wshadow` looks at it there, before the new value moves the
; definition (a function summing into `a`, built with -Wall).
        * = $1000
double  .function *values
a       := 0
        .for v in values
        .if v > 0
a       += v * 2
        .endif
        .next
        .endf a
        .byte double(1, 2, 3)
x       := 1
loop    .block
x       += 1
        .bend
