; 64tass: -a
; A data directive takes a dictionary as the list of its `key:value`
; entries: each entry is refused on its own, as a colonlist (the default
; value is not among them); c64kit refused the dictionary as a whole.
*       = $1000
        .byte {1: 2, "a": "b", :0}
        .text {3: 4}
        .word 1, {5: 6, 7: 8}
        .byte !{1: 2}
