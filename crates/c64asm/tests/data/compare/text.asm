; .text/.null conversion to PETSCII as 64tass --ascii does
* = $3000
        .text "Hello, World! 0123456789"
        .text "abcdefghijklmnopqrstuvwxyz"
        .text "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        .text " !""#$%&'()*+,-./:;<=>?@[]"
        .text 'single ''quoted'''
        .text "{clr}{white}{cr}{rvs on}{home}{f1}{pi}{shift-a}{cbm-z}"
        .text "£↑←π─│┌┐└┘"
        .text "mixed", 13, $ff, "end"
        .null "zero terminated"
        .null "x", 1, 2
        .text ""
        .byte 'a', "Z", '0'
