; testrom.asm: a small stand-in for the C64's BASIC and KERNAL ROMs, so the tests can
; run the emulator's real-ROM mode without Commodore's code (which cannot be shipped).
; It does what the real ROMs do at the addresses the emulator cares about:
;   reset through $FFFC; IRQ entry at $FF48 and exit at $EA7E; a keyboard scan through
;   the CIA 1 matrix in the 60 Hz timer interrupt; the jump table ($FFCF CHRIN and
;   $FFE4 GETIN as JMP (vector)); the serial routines at the real KERNAL's addresses
;   with the real first bytes ($ED24, $ED36, $ED40, $EE13, $EEA9, resume $EDAB: CLI, RTS)
;   so the virtual drive's traps apply; LOAD and SAVE on top of them.
; BASIC: prints READY., reads lines with CHRIN, stores numbered lines (PRINT "..." and
; SYS n, tokenised like real BASIC) and runs them with RUN; SYS n in direct mode; any
; other line is echoed after a '?'. The key and screen-row tables are appended by the
; test (generated from the emulator's keyboard tables).

status  = $90
bsour   = $95
time    = $a0
eal     = $ae
fnlen   = $b7
la      = $b8
sa      = $b9
fa      = $ba
fnadr   = $bb
stal    = $c1
memuss  = $c3
lstx    = $c5
ndx     = $c6
pntr    = $d3
tblx    = $d6
ptr     = $fb
pnt     = $d1
txttab  = $2b
vartab  = $2d
keyd    = $0277
color   = $0286
xmax    = $0289
shflag  = $028d
linelen = $02
lineout = $03
sasave  = $04
txt     = $05
num     = $07
kidx    = $09
kfound  = $0a
krows   = $0b
chr     = $0c
cnt     = $0d
xsave   = $0e
ysave   = $0f
crsw    = $d0
linebuf = $0200
inbuf   = $0340

; ---------------------------------------------------------------- BASIC
        * = $a000
        .word bcold, bready

bcold   lda #<banner
        ldy #>banner
        jsr strout
        jmp bready

banner  .null "{clr}test basic"
readys  .null "{cr}ready.{cr}"

; strout: print the zero-terminated string at A/Y.
strout  sta ptr
        sty ptr+1
        ldy #0
-       lda (ptr),y
        beq +
        jsr $ffd2
        iny
        bne -
+       rts

        * = $a474
bready  ldx #$fa
        txs
        lda #<readys
        ldy #>readys
        jsr strout
main    ldx #0
-       jsr $ffcf
        cmp #$0d
        beq +
        sta linebuf,x
        inx
        cpx #79
        bne -
+       lda #0
        sta linebuf,x
        stx linelen
        lda linebuf
        beq main
        cmp #'0'
        bcc direct
        cmp #'9'+1
        bcs direct
        jsr storeline
        jmp main
direct  ldx #0
        jsr isrun
        bcc +
        jsr run
        jmp bready
+       ldx #0
        jsr issys
        bcc +
        jsr parsenum
        jsr callnum
        jmp bready
+       lda #'?'
        jsr $ffd2
        ldx #0
-       lda linebuf,x
        beq +
        jsr $ffd2
        inx
        bne -
+       lda #$0d
        jsr $ffd2
        jmp main

; isrun / issys: C set when linebuf at X starts with RUN / SYS (X moves past it).
isrun   lda linebuf,x
        cmp #'r'
        bne no
        lda linebuf+1,x
        cmp #'u'
        bne no
        lda linebuf+2,x
        cmp #'n'
        bne no
        inx
        inx
        inx
        sec
        rts
no      clc
        rts
issys   lda linebuf,x
        cmp #'s'
        bne no
        lda linebuf+1,x
        cmp #'y'
        bne no
        lda linebuf+2,x
        cmp #'s'
        bne no
        inx
        inx
        inx
        sec
        rts
isprint lda linebuf,x
        cmp #'p'
        bne no
        lda linebuf+1,x
        cmp #'r'
        bne no
        lda linebuf+4,x
        cmp #'t'
        bne no
        txa
        clc
        adc #5
        tax
        sec
        rts

; parsenum: decimal digits at linebuf,X (spaces first skipped) into num; X moves past.
parsenum lda #0
        sta num
        sta num+1
_skip   lda linebuf,x
        cmp #' '
        bne _digit
        inx
        bne _skip
_digit  lda linebuf,x
        cmp #'0'
        bcc _done
        cmp #'9'+1
        bcs _done
        and #$0f
        pha
        jsr times10
        pla
        clc
        adc num
        sta num
        bcc _next
        inc num+1
_next   inx
        bne _digit
_done   rts

times10 lda num
        ldy num+1
        asl num
        rol num+1
        asl num
        rol num+1
        clc
        adc num
        sta num
        tya
        adc num+1
        sta num+1
        asl num
        rol num+1
        rts

callnum jmp (num)

; storeline: append the typed line (number, then PRINT/SYS tokenised) to the program.
storeline ldx #0
        jsr parsenum
        lda vartab
        sec
        sbc #2
        sta txt
        lda vartab+1
        sbc #0
        sta txt+1
        ldy #2
        lda num
        sta (txt),y
        iny
        lda num+1
        sta (txt),y
        iny
_sp     lda linebuf,x
        cmp #' '
        bne _kw
        inx
        bne _sp
_kw     stx cnt
        jsr isprint
        bcc _notp
        lda #$99
        bne _tok
_notp   ldx cnt
        jsr issys
        bcc _copy
        lda #$9e
_tok    sta (txt),y
        iny
_copy   lda linebuf,x
        sta (txt),y
        beq _end
        inx
        iny
        bne _copy
_end    iny
        tya
        clc
        adc txt
        sta num
        lda txt+1
        adc #0
        sta num+1
        ldy #0
        lda num
        sta (txt),y
        iny
        lda num+1
        sta (txt),y
        lda #0
        tay
        sta (num),y
        iny
        sta (num),y
        lda num
        clc
        adc #2
        sta vartab
        lda num+1
        adc #0
        sta vartab+1
        rts

; run: each line: PRINT "text" prints the text, SYS n calls n.
run     lda txttab
        sta txt
        lda txttab+1
        sta txt+1
rline   ldy #1
        lda (txt),y
        beq rdone
        ldy #4
-       lda (txt),y
        cmp #' '
        bne +
        iny
        bne -
+       cmp #$9e
        bne rprint
        iny
        ldx #0
-       lda (txt),y
        sta linebuf,x
        beq +
        iny
        inx
        bne -
+       ldx #0
        lda txt
        pha
        lda txt+1
        pha
        jsr parsenum
        jsr callnum
        pla
        sta txt+1
        pla
        sta txt
        jmp rnext
rprint  cmp #$99
        bne rnext
-       iny
        lda (txt),y
        beq rnext
        cmp #'"'
        bne -
-       iny
        lda (txt),y
        beq +
        cmp #'"'
        beq +
        jsr $ffd2
        jmp -
+       lda #$0d
        jsr $ffd2
rnext   ldy #0
        lda (txt),y
        pha
        iny
        lda (txt),y
        sta txt+1
        pla
        sta txt
        jmp rline
rdone   rts

; ---------------------------------------------------------------- KERNAL
        * = $e000

; chrout: the screen only: RETURN, CLR, printable characters.
chrout  sta chr
        pha
        txa
        pha
        tya
        pha
        lda chr
        cmp #$0d
        bne +
        jsr newline
        jmp cdone
+       cmp #$93
        bne +
        jsr clear
        jmp cdone
+       jsr toscreen
        bcs cdone
        pha
        ldx tblx
        lda rowlo,x
        sta pnt
        lda rowhi,x
        sta pnt+1
        ldy pntr
        pla
        sta (pnt),y
        lda pnt+1
        clc
        adc #$d4
        sta pnt+1
        lda color
        sta (pnt),y
        inc pntr
        lda pntr
        cmp #40
        bcc cdone
        jsr newline
cdone   pla
        tay
        pla
        tax
        pla
        clc
        rts

; toscreen: PETSCII in A to a screen code; C set for codes not shown.
toscreen cmp #$20
        bcc ++
        cmp #$40
        bcc +
        cmp #$60
        bcc sub40
        cmp #$c0
        bcc ++
        cmp #$e0
        bcs ++
        sbc #$7f
+       clc
        rts
sub40   sbc #$3f
        clc
        rts
+       sec
        rts

newline lda #0
        sta pntr
        inc tblx
        lda tblx
        cmp #25
        bcc +
        jsr scroll
        lda #24
        sta tblx
+       rts

scroll  ldx #0
-       lda $0428,x
        sta $0400,x
        lda $0528,x
        sta $0500,x
        lda $0628,x
        sta $0600,x
        inx
        bne -
-       lda $0728,x
        sta $0700,x
        inx
        cpx #$c0
        bne -
        lda #' '
        ldx #39
-       sta $07c0,x
        dex
        bpl -
        rts

clear   ldx #0
        lda #' '
-       sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne -
        lda color
-       sta $d800,x
        sta $d900,x
        sta $da00,x
        sta $db00,x
        inx
        bne -
        lda #0
        sta pntr
        sta tblx
        rts

; getin: the next key from the buffer, or 0.
getin   lda ndx
        bne takekey
        lda #0
        clc
        rts
takekey sei
        ldy keyd
        ldx #0
-       lda keyd+1,x
        sta keyd,x
        inx
        cpx #9
        bne -
        dec ndx
        tya
        cli
        clc
        rts

; chrin: keyboard line input with echo, then the line one character per call; crsw
; ($D0) is non-zero while a typed line is being handed out, as in the real KERNAL.
chrin   stx xsave
        sty ysave
        lda crsw
        bne give
        lda #0
        sta linelen
-       cli
-       lda ndx
        beq -
        jsr takekey
        cmp #$0d
        beq +
        ldx linelen
        sta inbuf,x
        inc linelen
        jsr $ffd2
        jmp --
+       ldx linelen
        sta inbuf,x
        jsr $ffd2
        lda #0
        sta lineout
        lda #1
        sta crsw
give    ldx lineout
        lda inbuf,x
        inc lineout
        cmp #$0d
        bne +
        ldx #0
        stx crsw
+       ldx xsave
        ldy ysave
        clc
        rts

stop    lda #$ff
        rts

irq     inc time+2
        bne +
        inc time+1
        bne +
        inc time
+       jsr scnkey
        jmp $ea7e

; scnkey: find the pressed key through the CIA 1 matrix; a new key goes to the buffer.
scnkey  lda #0
        sta $dc00
        lda $dc01
        cmp #$ff
        bne +
        lda #64
        sta lstx
        rts
+       lda #64
        sta kfound
        lda #0
        sta shflag
        sta kidx
        ldx #0
kcol    lda coltab,x
        sta $dc00
        lda $dc01
        eor #$ff
        sta krows
        ldy #8
krow    lsr krows
        bcc knext
        lda kidx
        cmp #15
        beq kshift
        cmp #52
        beq kshift
        sta kfound
        jmp knext
kshift  lda #1
        sta shflag
knext   inc kidx
        dey
        bne krow
        inx
        cpx #8
        bne kcol
        lda #$7f
        sta $dc00
        ldx kfound
        cpx #64
        beq knone
        cpx lstx
        beq kdone
        stx lstx
        lda shflag
        beq +
        lda shifted,x
        jmp ++
+       lda plain,x
+       beq kdone
        ldx ndx
        cpx xmax
        bcs kdone
        sta keyd,x
        inc ndx
kdone   rts
knone   stx lstx
        rts

coltab  .byte $fe, $fd, $fb, $f7, $ef, $df, $bf, $7f

readst  lda status
        rts
setlfs  sta la
        stx fa
        sty sa
        rts
setnam  sta fnlen
        stx fnadr
        sty fnadr+1
        rts
setst   ora status
        sta status
        rts
nmi     rti
brkh    jmp bready

; load: serial devices only (the drive traps answer; without them: device not present).
load    lda #0
        sta status
        lda sa
        sta sasave
        lda #$60
        sta sa
        jsr openi
        lda status
        bmi lnodev
        lda fa
        jsr $ed09
        lda #$60
        jsr $edc7
        jsr $ee13
        sta eal
        lda status
        lsr
        lsr
        bcs lnotfnd
        jsr $ee13
        sta eal+1
        lda sasave
        bne lloop
        lda memuss
        sta eal
        lda memuss+1
        sta eal+1
lloop   jsr $ee13
        ldy #0
        sta (eal),y
        inc eal
        bne +
        inc eal+1
+       bit status
        bvc lloop
        jsr $edef
        jsr closei
        ldx eal
        ldy eal+1
        clc
        rts
lnotfnd jsr $edef
        jsr closei
        lda #4
        sec
        rts
lnodev  lda #5
        sec
        rts

; save: from (stal) up to (eal), serial devices only.
save    lda #0
        sta status
        lda #$61
        sta sa
        jsr openi
        lda status
        bmi lnodev
        lda fa
        jsr $ed0c
        lda #$61
        jsr $edb9
        lda stal
        sta ptr
        jsr $eddd
        lda stal+1
        sta ptr+1
        jsr $eddd
        ldy #0
-       lda ptr
        cmp eal
        lda ptr+1
        sbc eal+1
        bcs +
        lda (ptr),y
        jsr $eddd
        inc ptr
        bne -
        inc ptr+1
        bne -
+       jsr $edfe
        jsr closei
        clc
        rts

; openi: LISTEN fa, OPEN channel sa with the file name, UNLISTEN.
openi   lda fa
        jsr $ed0c
        lda sa
        ora #$f0
        jsr $edb9
        lda status
        bmi +
        ldy #0
-       cpy fnlen
        beq +
        lda (fnadr),y
        jsr $eddd
        iny
        bne -
+       jmp $edfe

; closei: LISTEN fa, CLOSE channel sa, UNLISTEN.
closei  lda fa
        jsr $ed0c
        lda sa
        and #$ef
        ora #$e0
        jsr $edb9
        jmp $edfe

nodev   lda #$80
        jsr setst
        jmp $edab
rdfail  lda #$02
        jsr setst
        lda #0
        jmp $edab

        * = $ea7e
        lda $dc0d
        pla
        tay
        pla
        tax
        pla
        rti

; The serial routines, at the real KERNAL's addresses with its first bytes.
        * = $ed09
talk    ora #$40
        .byte $2c
listen  ora #$20
        jmp atn
        * = $ed20
atn     sta bsour
        sei
        nop
        jsr $ee97               ; $ED24: trapped (command under ATN)
        jmp nodev
        * = $ed36
        sei
        jsr $ee8e               ; $ED36: trapped (secondary address)
        jmp nodev
        * = $ed40
        sei
        jsr $ee97               ; $ED40: trapped (send a byte)
        jmp nodev
        * = $edab
        cli
        rts
        * = $edb9
second  sta bsour
        jsr $ed36
        rts
        * = $edc7
tksa    sta bsour
        jsr $ed36
        rts
        * = $eddd
ciout   sta bsour
        jsr $ed40
        clc
        rts
        * = $edef
untlk   lda #$5f
        jmp atn
        * = $edfe
unlsn   lda #$3f
        jmp atn
        * = $ee13
acptr   sei
        lda #$00                ; $EE13: trapped (receive a byte)
        jmp rdfail
        * = $ee8e
        rts
        * = $ee97
        rts
        * = $eea9
        lda $dd00               ; $EEA9: trapped (bus ready)
        rts

        * = $f49e
        stx memuss
        sty memuss+1
        jmp ($0330)
        * = $f5dd
        stx eal
        sty eal+1
        tax
        lda $00,x
        sta stal
        lda $01,x
        sta stal+1
        jmp ($0332)

        * = $fce2
reset   sei
        ldx #$ff
        txs
        cld
        lda #$e7                ; the port as IOINIT sets it: the data register
        sta $01                 ; first (the lines are inputs, pulled up, until
        lda #$2f                ; the DDR makes them outputs: written first, it
        sta $00                 ; would drive LORAM/HIRAM/CHAREN low)
        lda #$1b
        sta $d011
        lda #$c8
        sta $d016
        lda #$15
        sta $d018
        lda #14
        sta $d020
        lda #6
        sta $d021
        lda #$ff
        sta $dc02
        lda #0
        sta $dc03
        lda #$7f
        sta $dc00
        sta $dc0d
        lda $dc0d
        lda #$25
        sta $dc04
        lda #$40
        sta $dc05
        lda #$81
        sta $dc0d
        lda #$11
        sta $dc0e
        lda #$3f
        sta $dd02
        lda #$07
        sta $dd00
        lda #0                  ; RAMTAS: RAM comes up striped, not zero
        tay
-       sta $0002,y
        sta $0200,y
        sta $0300,y
        iny
        bne -
        ldx #$1f
-       lda vectab,x
        sta $0314,x
        dex
        bpl -
        lda #14
        sta color
        lda #10
        sta xmax
        lda #64
        sta lstx
        lda #$01
        sta txttab
        lda #$08
        sta txttab+1
        lda #$03
        sta vartab
        lda #$08
        sta vartab+1
        lda #0
        sta $0801
        sta $0802
        jsr clear
        cli
        jmp ($a000)

vectab  .word irq, brkh, nmi, none, none, none, none, none
        .word chrin, chrout, stop, getin, none, brkh, load, save
none    rts

        * = $fe43
        sei
        jmp ($0318)

        * = $ff48
        pha
        txa
        pha
        tya
        pha
        tsx
        lda $0104,x
        and #$10
        beq +
        jmp ($0316)
+       jmp ($0314)

        * = $ff93
        jmp second
        jmp tksa
        * = $ffa5
        jmp acptr
        jmp ciout
        jmp untlk
        jmp unlsn
        jmp listen
        jmp talk
        jmp readst
        jmp setlfs
        jmp setnam
        * = $ffcf
        jmp ($0324)
        jmp ($0326)
        jmp $f49e
        jmp $f5dd
        * = $ffe1
        jmp ($0328)
        jmp ($032a)
        * = $fffa
        .word $fe43, reset, $ff48
