; 64tass: -Woptimize | -Woptimize -c | -Woptimize -i -B | -Woptimize --m65ce02 | -Woptimize -t | -Woptimize -x
; labels in any order: 64tass lists them in another order for some processors
; -Woptimize: 64tass follows the registers and flags bit by bit through
; straight-line code and says where an instruction changes nothing, tests a
; condition already decided, or could be shorter. A label something reads,
; data, '*', a block or a macro call start it afresh; nothing in a macro is
; reported, a function called as a statement is.
        * = $1000
zp      = $20
        lda #1
        lda #1                  ; does not change anything
        ldx #1                  ; tax
        ldy #2
        ldx #2                  ; inx
        lda #$7f
        and #$7f                ; does not change anything
        ora #$80                ; constant result
        eor #$ff                ; constant result (65C02: inc a)
        lda zp
        and #$ff                ; does not change anything
        lda #$ff
        and zp                  ; independent result
        lda zp
        bne +
        lda #0                  ; A is zero when bne falls through
+       sec
        sec                     ; flag already set
        clc
        clc                     ; flag already clear
        bcs nowhere             ; never taken
        bcc next                ; always taken, skipping a byte: gcc
        nop
next    cmp #3
        beq +
        cmp #3                  ; compared already
+       ldx #0
        lda $1234,x             ; indexing with a constant value
        sta zp,x
        jsr sub
        rts                     ; jsr, rts: jmp
sub     lda zp
        jmp sub2                ; to the next instruction
sub2    ldy #3
        dey
        bne sub2
        tya                     ; Y is 0: A too
        lda #0                  ; does not change anything
        beq here                ; always taken (65C02: bra)
here    jmp here2               ; to the next instruction
here2   lda #0
unread  lda #0                  ; nothing reads 'unread': still known
        .byte 0
        lda #0                  ; data: afresh
        lda #0
        ldx #<*                 ; '*': afresh
        ldx #<here2
m       .macro
        lda #4
        lda #4                  ; not reported in a macro
        .endm
        #m
        lda #4                  ; but the macro's lda #4 is known here
f       .function
        lda #5
        lda #5                  ; reported: a function called as a statement
        .endf
        f
        lda #6
        asl a
        rol a                   ; the carry is clear: asl
        lda #1
        lsr a
        ror a                   ; the carry is set
        lda #0
        php
        pla
        tax
        txs
        tsx                     ; does not change anything
        bit zp
        bvc +
        bvs nowhere             ; V is set: always taken, gvs
+       rts
nowhere rts
