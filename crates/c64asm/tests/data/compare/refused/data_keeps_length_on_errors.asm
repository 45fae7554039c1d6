; 64tass: -a
; Data whose values fail keeps its length, as in 64tass: text a character
; of which can't be encoded keeps its bytes (a `?` for the character) and
; the later elements of its list still count, in `.text`, `.null`,
; `.shift`, `.ptext` and `.fill`; a value that is not a byte (300, an error
; value) is one byte there; `.byte "aQ"` is also too large, as the text
; `a?` is. The addresses each `.error` prints show the lengths (c64kit
; dropped the rest of the list, or the whole value).
        * = $1000
        .enc "x"
        .cdef "a", "z", $41
        .text ["ok", "Qq", "more"]
        .error format("%x", *)
        .byte ["a", "Q", "c"]
        .error format("%x", *)
        .null ["ab", "Q", "cd"]
        .error format("%x", *)
        .text ["ab", ["Q", "c"], "d"]
        .error format("%x", *)
        .shift ["ab", "Q", "cd"]
        .error format("%x", *)
        .text ("ab", "Q", "cd")
        .error format("%x", *)
        .byte "aQ"
        .byte ["ab", "aQ", "cd"]
        .word "aQQ"
        .error format("%x", *)
        .text ["ab", 300, "cd"]
        .error format("%x", *)
        .text ["ab", 1/0, "cd"]
        .error format("%x", *)
        .null ["ab", ["Q", 300], "cd"]
        .error format("%x", *)
        .fill 4, [1, 300]
        .error format("%x", *)
        .fill 4, 1/0
        .error format("%x", *)
        .fill 4, ["Q", 2]
        .error format("%x", *)
        .text 1/0, 2
        .error format("%x", *)
        .text [[[1/0]], 2]
        .error format("%x", *)
        .ptext ["a", 300, "b"]
        .error format("%x", *)
        .shift ["a", 300, "b"]
        .error format("%x", *)
