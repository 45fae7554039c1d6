; 64tass: -a -Wshadow -Werror | -a -Wall -Werror
; A warning -Werror makes an error, raised inside a function called as a macro
; (its result a block of the function): reported at once, as 64tass does, not
; kept in the value, where nothing reported it and the build went on.
        * = $1000
setup   .function addr
player  .block
load    = addr
init    = addr + 3
play    = addr + 6
entry   nop
        .bend
        .endf player
tune    #setup $2000
        lda tune.init
        jsr tune.play
