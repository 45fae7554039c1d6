; 64tass: -a -Wall
; .binary's offset is a 32-bit signed number and its length a 32-bit
; unsigned one (64tass's toival and uval2): a value past those is "too large
; for a 32 bit signed/unsigned integer", an inverted bit or byte string as a
; length is negative ("value needs to be non-negative"), and each argument
; reports its own error. c64kit took any integer and read the file from
; there.
        * = $1000
        .binary "../inc/blob.bin", 2147483648
        .binary "../inc/blob.bin", -2147483649
        .binary "../inc/blob.bin", $100000000
        .binary "../inc/blob.bin", 1e10, 1e10
        .binary "../inc/blob.bin", 0, $100000000
        .binary "../inc/blob.bin", 0, ~$1
        .binary "../inc/blob.bin", 0, -x"12"
        .binary "../inc/blob.bin", "abcde"
