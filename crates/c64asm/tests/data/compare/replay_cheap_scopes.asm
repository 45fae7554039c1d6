; 64tass: -a -C | -a -C -Wshadow | -a -C -L
; labels in any order: 64tass lists `zp` before `first` here (its table's order)
; Cheap locals (`_name`) read by lines that run under more than one cheap
; scope: a segment's body and a loop's body (one scope an iteration) read
; `_v` and `_w` of whatever code label is before them, and the labels move
; in pass 2 (a zero-page constant at the end shrinks the code above). A
; line replayed must read the `_v` of its cheap scope of this time round,
; not the one it read last.
* = $1000
getv    .segment
        lda #_v
        ldx _w
        .endm
first   lda zp
_v      = 1
_w      = $1234
        #getv
second  lda zp
_v      = 2
_w      = $5678
        #getv
        .brept 3
third   lda #_v
        .byte _v, <_w
_v      = 3
_w      = third
        .next
again   lda zp
_v      = 9
_w      = again
        lda #_v
        ldy _w
        #getv
zp      = $12
