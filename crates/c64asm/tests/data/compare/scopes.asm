; 64tass: -a -C | -a
; labels in any order: 64tass keys anonymous scopes by pointer, so its own order varies run to run
; .proc, .block, .namespace, dotted access, cheap locals, anonymous labels
* = $1000
        jsr used
        jsr used.inner
        jsr blk.in
        lda colors.red
        ldx #colors.blue
        lda #size(used)
used    .proc
        nop
inner   lda #1
        rts
        .pend
unused  .proc
        brk
        .pend
blk     .block
in      lda #2
_loc    bne _loc
        rts
        .bend
        .block
hidden  lda #3
        .bend
colors  .namespace
red     = 2
blue    = 6
        .endnamespace
incr    inc ac
        bne _skip
        inc ac+1
_skip   rts
decr    lda ac
        bne _skip
        dec ac+1
_skip   dec ac
        jmp incr._skip
ac      .word 0
        ldy #4
-       ldx #0
-       txa
        cmp #3
        bcc +
        adc #44
+       sta $400,x
        inx
        bne -
        dey
        bne --
        beq ++
        nop
+       nop
+       rts
f       .block
g       .block
n       nop
        .bend
        .bend
        jsr f.g.n
f.x     = 3
        lda #f.x
