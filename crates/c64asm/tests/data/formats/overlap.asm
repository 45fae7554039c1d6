; Overlapping blocks: later bytes win in the image formats, all blocks are
; kept in the Atari and hex formats.
* = $1000
        .fill 16, $11
* = $1004
        .byte $22, $22             ; inside the first block
* = $100e
        .fill 4, $33               ; over its end
* = $0ffe
        .fill 4, $44               ; over its start
* = $0ff0
        .fill 48, $55              ; over everything so far
* = $1008
        .byte $66                  ; inside that
* = $1010
        .byte $77                  ; continues an earlier block
