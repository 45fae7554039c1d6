; 64tass: -a
; `.namespace`, `.virtual` and `.encode` may go without their argument, so
; two are "expected at most one argument, got 2" at the directive (`.logical`
; must have one: "exactly"). The block is still opened and closes.
        * = $0600
ns      .namespace 1, 2
        .endn
        .virtual $80, 2
        .endv
        .logical $4000, 2
        .here
game    .encode 1, 2
        .endencode
