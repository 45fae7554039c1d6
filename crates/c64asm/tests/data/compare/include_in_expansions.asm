; 64tass: -a
; Files included inside a macro's and a structure's expansion: with
; --line-numbers the row back from the include is numbered with the file the
; expansion's lines came from (:0), and the lines after it need no file number.
        * = $1000
mac     .macro
        .byte 1
        .include "inc/bytes.asm"
        .byte 2
        .endm
        #mac
st      .struct
        .section s
        .binclude "inc/bytes.asm"
        .send
        .dsection s
        .include "inc/bytes.asm"
        .byte 4
        .ends
        .byte 9
