; 64tass: -c | -c -Wall
; `.cwarn` and `.cerror` read their message only when the condition holds, as
; 64tass: a false or still undefined condition leaves a message that would not
; parse (a string missing its closing quote, an operator with nothing after
; it) unread, so the source assembles. c64asm parsed the whole line first and
; refused it with "'"' expected". A true condition reads the message as ever.
        .cpu "65c02"
*       = $00
        .dsection zp
        .cwarn * > $80, "zero page past $80
        .cerror * > $80, "zero page over ", *-$80 +
*       = $0801
        .dsection code
        .cerror * > $9f00, "program too long
        .cwarn size > 1000, "that's ", size, " bytes, (
        .cerror later != 3, "later is ", later
        .cwarn 1, "the program is ", size, " bytes"
        .cwarn 0, "a", "b" "c"
        .cwarn "", "empty strings are false

        .section zp
ptr     .word ?
count   .byte ?
        .send

        .section code
start   ldx #0
loop    lda text,x
        beq done
        sta $0400,x
        inx
        bra loop
done    stz count
        rts
text    .null "hello"
size    = * - start
later   = 3
        .send
