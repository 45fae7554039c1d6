; 64tass: -a -Wno-implied-reg -Wall | -a -Wimplied-reg -Wno-all | -a -Wno-all -Wall | -a -Wno-float-compare -Wall | -a -Werror=immediate -Wall | -a -Wall -Wno-all -Wleading-zeros -Wall | -a -Wno-leading-zeros -Wno-all -Wall -Wimplied-reg
; -Wall and -Wno-all copy 64tass's tables for them, and every -W<name> or
; -Wno-<name> is written into those tables too: it outlasts a later -Wall or
; -Wno-all (a game's -Wno-portable kept its Windows paths quiet with -Wall
; after it). -Wall's table has -Wfloat-compare (so -Wno-all -Wall warns) and
; not -Wimmediate (so a -Werror=immediate before -Wall is off again).
speed   = 003
        * = $0801
        .word (+), 10
        .null $9e, format("%d", start)
+       .word 0
start   ldx #speed
        cpx 4
        bne done
        asl
done    .if 2.1 + 0.2 == 2.3
        rts
        .endif
