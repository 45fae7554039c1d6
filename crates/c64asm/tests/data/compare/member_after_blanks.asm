; 64tass: -a -C | -a -C -Wall
; Blanks may follow the `.` of a member as they may follow any operator
; (`jsr txt. print`, a library's calls), and precede it.
        * = $0801
txt     .block
print   rts
width   = 40
tab     .byte 1, 2, 3
        .bend
        jsr txt. print
        jsr txt .print
        lda #txt.  width
        ldx txt.	tab + 1
        .byte txt. width, txt . width * 2
        .word (txt. print, txt. tab)[1]
        .byte len(txt. tab)
