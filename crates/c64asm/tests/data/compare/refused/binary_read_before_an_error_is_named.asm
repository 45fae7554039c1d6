; 64tass: -a | -a --m65816 -Wall
; A failed assembly names every file it read in 64tass's head: the
; "Reading file:" line of a `.binary` file read before the error comes
; between the "Assembling file:" lines, in the order the files were read,
; as in a run that succeeds (here a kernel's font and its tile table read
; before a message table's `.text` with no text). c64kit named only the
; sources of a failed run.
        * = $1000
font    .binary "../inc/blob.bin"
        .include "../inc/part.asm"
tiles   .binary "../inc/blob.bin", 1, 2
msg_ok  .text "ok", 0
msg_bad .text
