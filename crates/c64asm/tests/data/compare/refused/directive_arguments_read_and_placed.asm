; 64tass: -a
; `.while` reads its condition up to a comma and leaves the rest of its
; line unread (`.while count < 2, ignored` loops on `count < 2`, with no
; error); with no condition the error is after the directive, where the
; argument belongs. `.check` with no arguments says how many it expects
; with no ", got 0". A `.ptext` over 255 bytes is reported at the
; directive. An unknown `.option` is reported at its `=`, spelled as
; written, and its value is not read as a truth. c64kit refused the
; comma, put the missing condition and the long `.ptext` at the argument,
; added ", got 0" and put the unknown option at its name, in lower case.
        * = $1000
count   .var 0
        .while count < 2, ignored
        .byte count
count   := count + 1
        .next
        .bwhile count < 2, 1, 2
        .byte count
        .next
        .while
        .next
        .bwhile ; no condition
        .next
        .check
        .assert
title   .ptext "-" x 260
        .ptext "+" x 256
        .option Fast_Mode = "yes"
