; 64tass: -a | -a -L | -a -Wall
; A `.proc` that only a constant nobody reads names: pass 1 creates
; `entry` and so names `show`, which pass 2 assembles; after that the
; constant exists and computing it names nothing, so a third pass (forced
; here by `late`, a zero-page address known late, moving `done`) leaves
; `show` out, and the program is `lda`, `jmp` and `nop` alone.
        * = $c000
        lda late
        jmp done
show    .proc
        lda #$01
        sta $d020
        rts
        .pend
done    nop
entry   = show
late    = $fb
