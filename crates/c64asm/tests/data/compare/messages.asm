; 64tass: -a -C | -a
; .error/.cerror/.warn/.cwarn that don't fire, .assert/.check, .end
* = $0801
        .cerror * > $1000, "too long"
        .cwarn 0, "no warning"
        .if 0
        .error "never"
        .warn "never"
        .endif
        .byte 1
        .end
        .error "after .end: ignored"
