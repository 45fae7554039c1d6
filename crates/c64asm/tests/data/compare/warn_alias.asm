; 64tass: -a -Walias | -a -C -Walias -B | -a
; -Walias: an instruction written under another name than 64tass's own
; (`blt` for `bcc`), at the mnemonic, on every processor of the family.
        * = $1000
        blt *
        bge *
        cpa #1
        shl a
        shr $12
        glt *
        gge *
        bcc *                           ; the names themselves: no warning
        asl a
        .cpu "6502i"
        dcm $12
        isc $12
        ins $12,x
        axs #1
        alr #1
        lxa #1
        xaa #1
        las $1234,y
        lae $1234,y
        tas $1234,y
        ahx $1234,y
        dcp $12
        .cpu "65c02"
        ina
        dea
        clr $12
        .cpu "w65c02"
        hlt
        stp
