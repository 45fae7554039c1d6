; 64tass: -a -L | -a -L -Wall
; A `.proc` is assembled in a pass only if something named it since its
; last assembly; a constant nobody reads doesn't count as naming it once it
; exists (its value is computed without marking what it reads). So `show`
; is assembled in pass 2 (pass 1's `entry = show` named it) and would be
; left out in any pass after. Without a listing two passes settle and the
; build succeeds; with `-L` 64tass runs its listing pass after them, leaves
; `show` out there, and the label's size changing in that pass is "can't
; calculate stable value 'show'" (once: `done`, read before it and moved
; by it, is not named too).
        * = $c000
        jmp done
show    .proc
        lda #$01
        sta $d020
        rts
        .pend
done    nop
entry   = show
