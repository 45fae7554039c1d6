; 64tass: -a -C | -a | -a -C -Wall
; The include-guard idiom of some libraries: a `.weak` variable set to true,
; tested, then set to false by a strong assignment further down. In every pass
; after the first the weak value set above must win over the strong one that
; is only set below (a variable of an earlier pass doesn't count).
        * = $c000
        .weak
once    := true
size    = 4
        .endweak
        .if once
once    := false
routine lda #size
        rts
        .fi
        .weak
once    := true
        .endweak
        .if once
once    := false
        .byte $ff               ; never assembled
        .fi
        jsr routine
        .word later
later   .byte once ? 1 : 2
count   := 1
        .weak
count   := 10
        .endweak
        .byte count
count   := count + 1
        .byte count
