; 64tass: -a -C -Wall | -a -Wall
; The shapes the parser and the data directives read straight from the
; text (a lone number or name, `#`, `<`, `>`, one `,r` index; data lines
; of plain numbers) next to their near misses, which take the general path.
zp      = $10
table   = $1234
été     = $20
        * = $0801
start   lda #0
        lda #$10
        lda #10
        lda #007
        lda #<table
        lda #>table
        lda #< table
        lda #<table+1
        lda #>table ; high byte
        lda #<table;low
        ldx #zp
        lda table,x
        lda table,y
        lda table ,x
        lda (zp,x)
        lda (zp),y
        lda zp,x
        lda zp ,x
        lda zp, x
        lda table, y
        lda (zp), y
        lda zp+1,x
        lda été,x
        lda #été
        lda table,x ; indexed
        lda table,x;indexed
        sta $0400,x
        sta $0400+1,x
        sta 1024,y
        ldy #table-table
        lda #<(table)
        lda #(<table)
        lda #table & $ff
        lda #1 ? 2 : 3
        lda start
        jsr start
        lda #$ff
        lda $1e,x
        lda 30,x
        cpx #$1f
        bit $d011
        lda #%1010
        lda #'a'
        lda #"b"
        .byte 0
        .byte $00, $1d, $3a
        .byte 1,2,3
        .byte 1 , 2 , 3
        .byte 1	,	2
        .byte $ff ; comment
        .byte $ff;comment
        .byte 007, 08
        .byte 1_0, $1_0, %1010
        .byte 1, $2, <table, >table
        .byte <table, >table, <zp
        .byte zp, zp+1, zp , 2
        .text "a,b", 1, "c"
        .text 1, "x,y" , 2
        .byte (1), [2], 3
        .byte 1.5, 2e0, $1e
        .byte 255, -1 & $ff
        .char -1, 1, $7f
        .word 0, $ffff, 65535
        .word table, table+1, 1024
        .word $1234,$5678
        .sint -1, 1
        .long $123456, 1, $ff
        .lint -2, 3
        .dword $12345678, 1
        .dint -3, $7fffffff
        .addr start, $0801
        .rta start, 2
        .byte ?
        .byte 1, ?, 3
        .text "ab, cd", 1, 2
        .word 1 , table
