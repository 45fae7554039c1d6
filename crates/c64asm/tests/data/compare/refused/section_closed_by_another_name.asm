; 64tass: -a
; `.send` names the section it closes if it names one: another name is
; "NAME expected" with the open section's name as it was written, bare;
; what is not a name (a number, a string) and anything after the name is
; "extra characters on line".
        * = $1000
        .dsection Code
        .dsection data
        .section Code
        nop
        .send other
        .section code
        nop
        .send 1
        .section data
        .byte 1
        .send data extra
        .section data
        .byte 2
        .endsection "data"
        .section Code
        rts
        .send CODE ; the same name in other capitals
