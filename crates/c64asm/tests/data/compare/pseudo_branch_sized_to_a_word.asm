; 64tass: -a -Wlong-branch | -a -Wlong-branch -B | -a
; A pseudo branch sized to a word (`gne @w`) is always the jump it becomes
; when it doesn't reach, and -Wlong-branch reports it at the operand as it
; does that one (was silent; found comparing random branches with 64tass).
        * = $1000
        gne @w near
        geq @w $1234
        .cpu "65c02"
        gra @w near
near    nop
