; One block: a routine at $c000.
* = $c000
start   lda #$01
        sta $d020
        rts
