; 64tass: -a | -a -C
; With -a 64tass reads a source as UTF-8 when its first byte above $7f starts
; a valid UTF-8 character (or after a UTF-8 byte order mark); a source with a
; byte that is no UTF-8 before that is Latin-1, and one with a UTF-16 byte
; order mark UTF-16. Only in a source read as UTF-8 does a message's column
; count characters: in the others it counts the bytes of the text held as
; UTF-8, so after a "£" (two bytes) the column is one further on. Each error
; below is after such characters on its line, here in UTF-8 and in the two
; included files.
        * = $c000
        .text "££ pound", 302
utf     .byte "££", nowhere3
        .include "latin1_columns.inc"
        .include "utf16_columns.inc"
