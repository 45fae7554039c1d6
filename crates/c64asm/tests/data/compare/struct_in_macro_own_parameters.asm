; 64tass: -a -C
; A `.struct` or `.union` defined inside a macro takes its body from its
; own lines with its own parameters: `\a` there is the structure's, not an
; unknown one of the macro's, as in 64tass (a colour table made by a macro
; whose structure is laid out by `.dstruct` with its own argument).
        * = $1000
border  = $d020
set_border .macro color
entry   .struct a=255, b=0
value   .byte \a
next    .byte \b
        .ends
pair    .union x=1
lo      .byte \x
        .endu
first   .dstruct entry, 3
second  .dstruct entry, 4, 5
third   .dunion pair, 7
        lda #\color
        sta border
        .endm
red     #set_border 2
blue    #set_border 6
        rts
