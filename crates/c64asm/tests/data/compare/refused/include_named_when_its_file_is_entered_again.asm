; 64tass: -a -b | -a -b --m65c02 -Wall
; 64tass names the include a message's file was reached through ("In file
; included from ...") when a file on the way was entered at more than one
; place in the assembly, anywhere: a structure defined in it (entered again
; for the definition), a macro of it called from elsewhere, a file included
; twice. c64kit looked only at the files on the message's own way (an F256
; game's architecture file, with a structure and a missing `.binary`, gave
; its errors without the include line).
        * = $0300
        .include "../inc/entered_objects.asm"
        .include "../inc/entered_sound.asm"
        .include "../inc/entered_once.asm"
start   #beep 15
        rts
