; included as ./dot_third.asm from inc/./dot_first.asm
third   lsr
