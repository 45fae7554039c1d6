; 64tass: -a -Wall | -a
; .binary reads its offset as a 32-bit signed number and its length as a
; 32-bit unsigned one, as 64tass's toival and uval2 do: a bit string is a
; bit pattern, so $ffffffff is the offset -1 (the file's last byte, as -1
; is) and $fffffffe the last two; a float offset or length is rounded with
; -Wfloat-round's warning and a bool taken as a number with
; -Wstrict-bool's. c64kit took the offset as a plain number ($ffffffff: past
; the end, nothing written) and said nothing of the rounding.
        * = $1000
        .binary "inc/blob.bin", $ffffffff
        .binary "inc/blob.bin", $fffffffe, 1
        .binary "inc/blob.bin", 1.5, 2.5
        .binary "inc/blob.bin", true, true
        .binary "inc/blob.bin", -1.5
        .binary "inc/blob.bin", $80000000 - $80000000 + 2, 0.75
