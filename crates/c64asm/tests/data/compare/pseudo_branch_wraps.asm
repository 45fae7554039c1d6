; 64tass: -a | -a -c
; A pseudo branch (gne, gcc ...) to an address past the 64 KiB warns as a
; branch does (-Wwrap-addr), and when it becomes a jmp past the program
; bank the jmp warns too (-Wwrap-pbank), as 64tass's own jmp.
*=$1000
lab
        gne * + $12000
        gne @w * + $12000
        gne * + $10002
        gcc * - $2000
        gne lab + $20000
        gne @b * + $10002
        nop
