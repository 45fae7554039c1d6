; 64tass: -C | -C -B
; Read without -a a source is raw 8-bit text: 64tass holds each byte above $7f
; as two bytes of UTF-8 and counts a message's column in those bytes, so
; after a "£" (two bytes, four to 64tass) the column is two further on than
; the characters; "↑" (three bytes) three further. Each error below is after
; such bytes on its line; with -a the columns count characters.
        * = $c000
        .text "£ pound", 300
        .byte "↑", x
price   .text "££", nowhere
