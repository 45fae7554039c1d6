; 64tass: -B -D verbose_service=1 | -B -D verbose_service=0 -C
; A ROM's service-call dispatcher whose `beq` targets lie beyond a branch's
; reach: `-B` makes each a `bne` over a `jmp`, two rows of one line. With
; `--line-numbers --no-source` 64tass numbers both rows (the line waits for
; its source to be listed, which never comes), while with the source column
; only the first row is numbered. (A `-D` makes the source file the second
; one, whose lines get numbers at all.)
        * = $8000
        .byte 0, 0, 0
        jmp service
        .byte $82, copyright - $8000, 1
        .text "SERVER", 0, "1.0"
copyright
        .null "(C)"

service cmp #$02
        beq claim_workspace
        cmp #$03
        beq boot
        cmp #$04
        beq star_command
        cmp #$08
        bne +
        jmp osword
+       rts

        .fill 160, $ea          ; the help texts

claim_workspace
        .if verbose_service
        ldx #0
        .fi
        rts
boot    rts
star_command
        rts
osword  rts
