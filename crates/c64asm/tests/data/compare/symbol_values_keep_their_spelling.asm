; 64tass: -a | -a -C
; A symbol value (`.Name`) is shown as it is written: `str(.SEG)` is "SEG",
; also when case is not significant, where `.SEG` and `.seg` are still the
; same symbol (one dictionary key, the first spelling kept).
        * = $2000
        .text str(.SEG), repr(.Seg)
        .byte .SEG == .seg, .SEG == .SEG
keys    = {.Bank: 1, .Page: 2}
        .text repr(keys)
        .byte keys.Bank, keys[.Page]
        .byte .Bank in keys, len(str(.LongerName))
