; 64tass: -a
; A library's scope written with braces as another assembler has it
; (`.namespace iolib {`): 64tass reads the name, says "an operator is
; expected" at the brace and goes on, so the brace is also "extra
; characters on line" (the same for `.encode`); the closing brace is a
; "general syntax", and each block is left open to the end.
        * = $1001
iolib   = 1
        .namespace iolib {
detect  lda #0
        rts
        }
        .encode petscii_mixed {
        .text "abc"
        }
        .namespace iolib )
        .encode (1 2)
        .namespace "open
