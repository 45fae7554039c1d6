; 64tass:  |  -C
; Regression from a public 64tass project: labels section decimal.
        .section code
sub1    rts
        .send
        * = $1000
start   jsr sub1
        .dsection code
