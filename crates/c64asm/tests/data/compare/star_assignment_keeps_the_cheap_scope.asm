; 64tass: -a -B|-a -B -C -L
; A label in front of `* = value` is defined at the current address and then
; the program counter moves, but the label does not open a scope for the
; `_locals` that follow: they still belong to the code label before it
; (64tass changes that scope only for a label alone on its line, or in front
; of an instruction, a macro call or a directive). c64kit made the label in
; front of `* =` their scope, so `_next` below was "not defined" as
; `clear._next`.
        * = $2000
clear   ldx #0
        lda #$20
_fill   sta $0400,x
        dex
        bne _fill
        jmp _next
gap     * = $2100
_next   rts

        * = $2200
copy    ldy #3
table   * = * + 4
_loop   lda clear._fill,y
        dey
        bpl copy._loop
        jmp clear._next
