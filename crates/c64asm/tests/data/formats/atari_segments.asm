; The Atari run address at $02e0 (the manual's example), and a segment at
; $ffff, which gets its own $ffff marker.
* = $02e0
        .word start
* = $2000
start   rts
* = $ffff
        .byte $ee
