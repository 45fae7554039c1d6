; 64tass: -a -C -D VERSION:=3 -D NAME="x" | -D VERSION:=$10 -D FAST:=1 -D NAME=1
; -D definitions are expressions; :?= keeps a variable from the command line, and a constant is an error
* = $1000
VERSION :?= 1
FAST    :?= 0
        .byte VERSION, FAST
        .if FAST
        .byte $ff
        .endif
