; 64tass: -a -C
; labels in any order
; Constants' values in a listing with a program counter column (code under
; `.logical`), which moves the source column on by 8: 64tass's repr gets
; that much more room (see listing_loop_ends_and_values.asm).
        * = $1000
        .logical $c000
        nop
        .binary "inc/blob.bin", 0, 0
        .here
short   = (-1478084176, 574288, -738659291)
fits    = (-1478084176, 574288, -7386592912)
left    = (-1478084176, 574288, -7386592912, -34359738576)
longer  = (-1478084176, 574288, -7386592912, -3435973857, 1)
nested  = (1, [2, -4294967296], {3: 17179869184})
addr    = #-34359738576
