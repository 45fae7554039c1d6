; 64tass: -a -Werror=unused-const -Wunused -L | -a -Werror=unused-const -Wunused | -a -Werror -Wunused -Woptimize -L | -a -Werror -Wunused -Woptimize
; With a listing (-L) 64tass makes it in a pass of its own and looks for
; unused symbols after that pass, which it leaves out when there are errors:
; then no unused symbol is reported, not even as an error (-Werror); without
; a listing they are reported after the last pass, errors or not.
        * = $1000
spare   = 3
inner   .block
hidden  = 4
        .bend
        .byte missing
start   lda #1
        ldx #0
        lda #0
        tax
        rts
