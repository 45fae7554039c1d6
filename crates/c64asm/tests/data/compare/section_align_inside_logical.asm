; 64tass: -a -f | -a -f -X | -a -b | -a
; A cartridge-style image built with --flat whose RAM variables are
; sections placed inside `.logical` blocks: a section takes from its
; `.dsection` whether it is inside a `.logical`, so a `.align` in it counts
; from the logical address and a `* =` in it sets the logical address, not the
; compile offset.
        .cpu "6502i"
        .text "ROM", $1a, banks, 0
        .fill 10
rom_start = *
        .logical $8000
        .dsection code
        .cerror * >= $fffa, "code too long"
        * = $fffa
        .word start, start, start
        .here
rom_end = *
banks = (rom_end - rom_start) / $4000

; work RAM: its contents are only reserved, never written out
        .logical 0
ptr     .word ?
        .dsection zeropage
        .cerror * > $100
        .here
        .logical $200
        .dsection ram
        .cerror * > $7ff
        .here
        * = rom_end

        .section zeropage
count   .byte ?
        .send

        .section ram
flags   .fill 7
names   .fill 2 * 5
        .send

        .section ram
        .align $100
cmd_buf .fill $100
        .align $80
oam     .fill $40
        .send

; the sound driver's buffers at a fixed place in RAM
        .section ram
        * = $600
voices  .fill 3 * 7
        .send

        .section code
start   sei
        ldx #0
-       lda #0
        sta cmd_buf,x
        sta flags,x
        inx
        bne -
        ldy #size(oam) - 1
-       sta oam,y
        dey
        bpl -
        lda #>cmd_buf
        sta ptr + 1
        lda #<oam
        sta ptr
        jmp *
table   .byte <cmd_buf, >cmd_buf, <oam, >oam, <names, >names
        .word voices
        .send
