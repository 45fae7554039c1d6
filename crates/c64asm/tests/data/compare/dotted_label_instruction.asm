; 64tass: -a | -a -C
; A label defined into another label's scope (`scope.name`) in front of an
; instruction: 64tass reads the whole dotted path as the label, so the row is
; an instruction row (`.` and the monitor column), not a data row. A last
; part spelled like a mnemonic (`task.ldy`) is still a label name.
        * = $1000
task    .block
        nop
        .bend
task.next:  lda #1
task.loop   dey
task.ldy    ldx #2
        bne task.loop
        .word task.next, task.ldy
