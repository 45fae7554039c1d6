; 64tass: -a -C
; A counting `.for` with no step part (`.for i = 0, 1`) is "',' expected"
; once its condition holds, before the body runs: the body's own errors
; (with `-C`, `INC` in capitals is a label, so `INC border` is "general
; syntax") are never met. A condition false at once needs no step.
        * = $1000
border = $d020
start   .for i = 0, 1
        lda #i
        INC border
        .next
        .for j = 0, j < 0
        INC border
        .next
        .for k = 0, k < 2
        .byte k
        .endfor
        rts
