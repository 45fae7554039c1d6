; raster_sprites.asm: the raster-interrupt and sprite workload of the emulator benchmark
; against VICE (benches/vs_x64sc.rs). It keeps the VIC as busy as a game's screen does:
; all eight sprites on, multiplexed (moved down the frame by a chain of raster
; interrupts, so the VIC fetches sprite data on most lines), the screen on (bad lines),
; the border colour changed on each interrupt, and a main loop that writes the screen.
; Runs forever with the KERNAL's interrupt handler behind its own; no key is needed.

vic_sprite_x    = $d000         ; sprite 0 X; sprite n at +2n, Y at +2n+1
vic_sprite_msb  = $d010         ; bit 8 of the sprites' X positions
vic_control1    = $d011         ; bit 7: bit 8 of the raster compare line
vic_raster      = $d012         ; raster compare line
vic_sprite_on   = $d015
vic_irq_flags   = $d019
vic_irq_mask    = $d01a
vic_border      = $d020
vic_sprite_col  = $d027         ; sprite 0 colour; sprite n at +n
cia1_icr        = $dc0d
cia2_icr        = $dd0d
irq_vector      = $0314         ; the KERNAL's IRQ jumps through here
kernal_irq      = $ea31         ; the KERNAL's handler: clock, keyboard scan, return
screen          = $0400
sprite_ptrs     = $07f8
sprite_data     = $0340         ; block 13 (13 * 64)

band_lines      = 24            ; a sprite band is 21 lines high, plus room to rewrite
first_band      = 40            ; raster line of the first band's interrupt
bands           = 8

band            = $fb           ; which band the next interrupt starts
frame           = $fc           ; counts frames, moves the sprites across

        * = $0801
        .word (+), 10
        .null $9e, format("%d", start)
+       .word 0

; start: set up the sprites and the raster interrupt chain, then write the screen forever.
; Changes A, X, Y, band, frame; never returns.
start   sei
        lda #$7f                ; the CIAs interrupt no more: the VIC drives the IRQs
        sta cia1_icr
        sta cia2_icr
        lda cia1_icr
        lda cia2_icr
        ldx #63                 ; one solid sprite shape
-       lda #$ff
        sta sprite_data,x
        dex
        bpl -
        ldx #7
-       lda #sprite_data / 64
        sta sprite_ptrs,x
        txa
        sta vic_sprite_col,x
        dex
        bpl -
        lda #$ff
        sta vic_sprite_on
        lda #0
        sta band
        sta frame
        sta vic_sprite_msb
        lda #<irq
        sta irq_vector
        lda #>irq
        sta irq_vector+1
        lda #first_band
        sta vic_raster
        lda vic_control1
        and #$7f
        sta vic_control1
        lda #1
        sta vic_irq_mask
        sta vic_irq_flags
        cli
main    ldx #0                  ; the main loop: rewrite the screen with a moving pattern
-       txa
        clc
        adc frame
        sta screen,x
        sta screen+$100,x
        sta screen+$200,x
        sta screen+$2e8,x
        inx
        bne -
        jmp main

; irq: place the eight sprites in this band, colour the border, chain to the next band
; (the last band also moves the sprites on and returns through the KERNAL's handler,
; which scans the keyboard as in a game).
; Called by the KERNAL's IRQ entry with A, X, Y saved; changes A, X, Y, band, frame.
irq     lda vic_irq_flags       ; acknowledge the raster interrupt
        sta vic_irq_flags
        ldx band
        lda band_y,x
        ldy #14
-       sta vic_sprite_x+1,y    ; every sprite's Y to this band
        dey
        dey
        bpl -
        ldy #14
        lda frame
-       sta vic_sprite_x,y      ; X positions spread out and moving
        clc
        adc #32
        dey
        dey
        bpl -
        stx vic_border
        inx
        cpx #bands
        bne +
        inc frame
        ldx #0
+       stx band
        lda band_line,x
        sta vic_raster
        cpx #0
        bne +
        jmp kernal_irq          ; the frame's last band: through the KERNAL's handler
+       pla                     ; the other bands: restore and return at once
        tay
        pla
        tax
        pla
        rti

band_line .byte first_band + range(bands) * band_lines
band_y    .byte first_band + 4 + range(bands) * band_lines
