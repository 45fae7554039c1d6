; 64tass: -x -f -C -a -Wall | -x -f -a -Wall
; A RAM map of a 65816 game: a `.union` in a `.virtual` block whose first
; member fills up to the end of bank $7F (`.fill $800000 - *`). The next
; member starts again at the union's start, so the counter reaching the
; bank's end leaves no "processor program counter crossed bank" behind:
; 64tass warns for none. A counter that goes on past the bank in one
; member still warns.
        * = $8000
        .virtual $7fe000
        .union
          .struct
            .fill $7fe0f5 - *
          aDecompressionBuffer .fill $800000 - *
          .endstruct
          .struct
            .fill $7fe1b7 - *
          aUnitTemp .block
            wCharacter .word ?
            wClass .word ?
          .endblock
          .endstruct
          wLast .word ?
        .endunion
        .endvirtual

        .virtual $7ffff0
        .union
          .struct
          aTail .fill $10
          aPast .word ?
          .endstruct
          aOther .word ?
        .endunion
        .endvirtual

reset   sei
        clc
        xce
        rep #$30
        .al
        .xl
        lda #size(aUnitTemp)
        ldx #<>aUnitTemp.wClass
        rtl
