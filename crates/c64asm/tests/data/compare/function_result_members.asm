; 64tass: -a | -a -C
; A label given a function's result when the function is called as a macro
; (`music #loadsid $2000`, the function returning a label of its body) owns
; that value: `--dump-labels` and the VICE label lists name the returned
; label's members under it (`music.init`, `.music:here`), as 64tass does; a
; constant naming it (`copy = music`) does not.
        * = $1000
loadsid .function addr
sid     .block
load    = addr
init    = addr + 3
play    = addr + 6
here    nop
        .bend
        .endf sid
music   #loadsid $2000
        lda music.init
        jsr music.play
copy    = music
