; 64tass: -a -C -B | -a -C
; A branch to a label not reached yet in this pass is measured from where
; the branch ended last pass, as 64tass does; which branches remember that
; end decides how code that moves between passes is laid out in them, and
; `--dump-labels` shows it for a routine only an earlier pass assembled
; (nMOSLib's comparisons, each a `.proc` with its own `false` beside the
; library's). 64tass remembers it for a branch to a label ahead, to an
; address not known yet, for a `-B` branch made long (`bmi false` while
; `false` is still the library's, far behind), and shares the place with a
; macro call or loop on the next line (it started where the branch ended).
; A label defined on the branch's own line is not ahead.
        * = $1000
false   .proc                           ; the library's
        lda #0
        rts
        .pend
        jsr false
tables  .proc                           ; nothing calls it: pass 1 only
        .fill 300
        .pend
inc16   .macro
        inc \1
        bne +
        inc \1+1
+
        .endm
s8_cmp_gt .proc                         ; only s8_cmp_ge calls it
        clc
        sbc $fb
        bvc +
        eor #$80
+       bpl +
        bmi false                       ; long in pass 1: the library's
+       jmp true
false   jmp math_false
        .pend
u8_cmp_lt .proc
        cmp $fb
        bne false                       ; pass 1: the library's, near
        #inc16 $fc                      ; shares the branch's place
        rts
false   jmp math_false
        .pend
spin    .proc
        nop
wait    bne wait                        ; its own line's label
        dex
        .rept 2
        nop
        .endrept
done    rts
        .pend
s8_cmp_ge .proc                         ; nothing calls it: pass 1 only
        beq +
        jmp s8_cmp_gt
+       jsr u8_cmp_lt
        jmp spin
        .pend
true    lda #1
        rts
math_false lda #0
        rts
