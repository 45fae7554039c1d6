; Sections: their bytes are written where `.dsection` places them, which
; decides the writing order the Atari and hex formats keep.
* = $3000
        .dsection data
        .byte $01
* = $2000
        .section data
        .byte $02, $03
        .send data
        .byte $04
        .section data
        .byte $05
        .send data
