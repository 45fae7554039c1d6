; included from inc/./dot_first.asm and from the main source
        asl
        sta $d020
