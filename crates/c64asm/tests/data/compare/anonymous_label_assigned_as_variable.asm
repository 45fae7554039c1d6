; 64tass: -a -C | -a --m65816 -x
; `- := value` (and `+ := value`) is a new anonymous label with that value,
; as 64tass takes it: a segment that fills up to the end of a 64 KiB bank
; computes the gap into `-` and reads it back on the next line.
        * = $fff0
bank_rest .segment size
        - := $10000 - (* & $ffff)
        .byte <-, \size
        .endsegment
start   nop
-       inx
        - := 7
        .byte -, <--
        + := 3
        .byte <+
+       .byte <-
        .bank_rest 1
        .bank_rest 2
        bne --
