; Long runs: more than 32 and more than 255 bytes (hex records are cut at
; 32 or 24 bytes, lengths need two bytes).
* = $4000
        .for i := 0, i < 300, i += 1
        .byte (i * 7) & $ff
        .next
* = $5000
        .fill 33, range(33)
* = $6000
        .fill 24, 9
        .fill 25, 8
