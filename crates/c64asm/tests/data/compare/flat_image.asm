; 64tass: -a -f | -a -f -X | -a -C -f
; A bank-switched cartridge image larger than 64 KiB, built with --flat:
; `* =` outside `.logical` takes the value itself as the compile offset (the
; program counter gets its low 16 bits), `.align` there aligns the offset,
; and a `.logical` block that ends past its bank warns at its `.here`.
BANKSIZE = $4000
HEADER = $10
        .text "CART", $1a, 4
bank    .function n
        .endf n * BANKSIZE + HEADER

        * = bank(0)
        .logical $8000
reset   sei
        ldx #$ff
        txs
        lda #2
        sta $f000
        jmp far_entry
        .align $100, $ea
        .here

        * = bank(3)
first   .byte <first, >first, `first
        .align $40, $ff         ; the compile offset, not the program counter
aligned .word aligned
        .logical $c000
far_entry
        lda #<far_entry
        ldx #>far_entry
        rts
        .fill $3ff0, $60
        * = $fffa               ; inside .logical: the program counter only
        .word reset, reset, reset
        .here                   ; $c000 + $4000 crossed the bank: warning
after   .byte <after, >after

        * = bank(5) + BANKSIZE - 6
vectors .word 1, 2, 3
        * = $38010
big     .byte len(range(3)), <big, >big
