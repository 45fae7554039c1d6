; 64tass: -Woptimize -B
; -Woptimize on each processor 64tass follows (not the 65816 or 65EL02),
; pseudo branches, -B's long branches (seen as the branch written) and
; sections: a section's model goes on where its last fragment stopped,
; and the code around a later fragment goes on too.
        * = $1000
zp      = $20
        .cpu "65c02"
        lda #0
        sta zp                  ; stz
        lda #5
        lda #6                  ; inc a
        dec a
        ldx zp
        phx
        plx
        ldy #1
        ply                     ; 64tass counts Y, not S, up here
        bit #0
        trb zp
        lda #0
        beq +                   ; to the next instruction
+       bra +                   ; to the next instruction
+       .cpu "r65c02"
        sec
        bcs +                   ; skips one byte: gcs
        nop
+       bra +                   ; skips one byte: gra
        nop
+       rmb 1,zp
        bbr 1,zp,+              ; to the next instruction
+       .cpu "65ce02"
        ldz #0
        ldz #0                  ; does not change anything
        lda #0                  ; tza
        taz                     ; does not change anything
        ldz #1                  ; inz
        lda #$ff                ; dec a
        lda #1                  ; tza
        lda #$ff                ; neg a
        neg a
        tab
        tba                     ; does not change anything
        cle
        cle                     ; flag already clear
        asr a
        phw #$1234
        .cpu "6502i"
        lda #$c0
        anc #$80
        lax zp
        tax                     ; does not change anything
        ldx #3
        sbx #1
        dcp zp
        .cpu "65dtv02"
        sac #$12
        sac #$12                ; does not change anything
        sir #0
        .cpu "6502"
        lda #1
        geq +                   ; Z is clear: never taken
        gne +                   ; to the next instruction: nothing
+       lda #1                  ; '+' is read: afresh
        ldx #0
        bne far                 ; never taken
        beq far                 ; always taken (-B turned it around)
        .section code
        lda #2
        .send
        lda #1                  ; the first fragment starts afresh
        .section code
        lda #2                  ; goes on: does not change anything
        .send
        lda #1                  ; goes on too
        .cpu "65816"
        lda #1
        lda #1                  ; not followed
        rts
        .dsection code
        .fill 140
far     rts
