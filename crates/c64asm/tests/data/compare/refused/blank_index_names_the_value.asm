; 64tass: -a --m65816|-a -x -B|-a -x -T
; A 65816 program writes to video memory in another bank with a blank after
; the comma (`sta ptr, y`): the index is then a register argument of its
; own, and where the address is not in the data bank 64tass's message names
; the value alone ("not a data bank address bits '$afc000'"). Written without
; the blank (`sta ptr,y`) the operand is one address, and the message names
; it with its index ("address '$afc000,y'"); a direct page miss is worded
; the same way. With -T the indexed operand is placed at its comma, where
; TASM's reader moves it (and `-` is no anonymous label there).
colour_mem      = $afc000
text_mem        = $afa000
cursor          = $1234

                * = $1000
                .databank $00
                .dpage $0000
clear           ldy #0
                lda #$20
-               sta text_mem, y
                sta colour_mem,y
                stx text_mem, y
                ldx cursor, y
                ldx cursor,y
                iny
                bne -
                rts
