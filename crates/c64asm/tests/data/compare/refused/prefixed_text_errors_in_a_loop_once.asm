; 64tass:
; An error a prefixed text reports at once, inside a value that keeps its
; other errors (`len(s"£")`), is shown once per place and pass, as every
; other message: a loop repeating the line gives it once (c64kit gave it
; once per iteration).
        * = $1000
        .for i := 0, i < 4, i += 1
        .byte len(s"£"), i
        .enc "screen"
        .byte len(n"a@b"), i
        .enc "none"
        .next
        .byte len(s"£")
        rts
