; 64tass: -a | -a -B
; A branch whose target 64tass refuses (too large for the processor) goes on
; as a branch to a target not known yet: a size it refuses is then reported
; too, after the value's message (`bvc @l`, `bne @w`; a pseudo branch's long
; size as its `jmp`'s); one it takes adds nothing (`gne @w`: the jump;
; `@b`: the branch; the 65CE02's long branch).
        * = $1000
        bvc @l $2792f
        bne @w $2792f
        gne @l $2792f
        gne @w $2792f
        gne @b $2792f
        bne @b $2792f
        beq $2792f
        .cpu "65ce02"
        bne @w $2792f
        bne @l $2792f
