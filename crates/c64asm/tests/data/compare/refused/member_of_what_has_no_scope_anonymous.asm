; 64tass: -a -C
; An anonymous label as the member of a value that has no scope (`abc.+`,
; `abc. --` after a number) is "member '.' of int '1' and anonsymbol '+'
; not possible", at the dot, as a named one is; c64kit took it for a value
; not known yet and built the line. An expression missing after the dot
; at the end of a line is reported after the line's last character, 64tass
; dropping trailing blanks as it reads a line.
abc     = 1
        * = $1000
-       lda abc.+
        lda abc. --
        ldx abc.++
        sta abc . -
        lda abc. 
        lda #   
+       rts
