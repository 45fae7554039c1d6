; 64tass: -a
; `.lbl`, `.break` and `.continue` take no arguments. After `.lbl` (with or
; without its label) and after a `.break`/`.continue` outside any loop, 64tass
; still checks the line's end: text there is "extra characters on line", next
; to "label required" or "must be used within a loop". Inside a loop the rest
; of the line is skipped with the loop, so `.break 1` there says nothing.
        * = $0801
        .lbl 1
again   .lbl 2
        .lbl ; a comment is fine
        .break 1
        .continue 2
        .break
        .for i = 0, i < 2, i += 1
        .break 1
        .next
