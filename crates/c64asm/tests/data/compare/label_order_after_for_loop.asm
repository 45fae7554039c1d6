; 64tass: -a | -a -C
; A `.for` loop gives 64tass's table of the namespace it runs in an entry
; more, as `:?=` does, which moves the labels listed after it in the label
; file (64tass's order is that table's): here `pairs` comes first. `.rept`
; and `.while` add none. c64kit listed the labels as if the loop were not
; there (found while writing dict_keys_alone.asm).
valid   = 1
keys    = 2
        .for k in [1]
        .endfor
pairs   = 3
spread  = 4
        .rept 2
        .endrept
        .while false
        .endwhile
