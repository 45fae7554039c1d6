; 64tass: -a -T|-a -T -C|-a -x -T
; A file browser written for TASM's expressions (-T), where `.` is the
; binary or: `dirent.size` ors a structure with the `size` function, and
; 64tass checks the kinds of both operands before it takes their words, so
; the message is "binary or '|' of struct and function 'size' not possible"
; at the `.` (at `:`, `&`, `+` for the other operators). An undefined name on
; either side is the error instead, the left one first. A structure or a
; function made immediate, indexed or indirect (`#dirent`, `dirent,x`,
; `(entry),y`) has its word taken first, so its error is at the value,
; before any addressing mode is looked for (`lda (dirent)`).
dirent          .struct
kind            .byte 0
track           .byte 0
sector          .byte 0
name            .text "0123456789abcdef"
                .ends
halve           .function v
                .endf v/2

                * = $0801
                .word 0
                * = $0900
entries         .dstruct dirent
list            lda #dirent.size
                ldx dirent:3
                ldy halve&$ff
                lda 2+dirent
                lda entries.kind
                lda dirent.missing
                lda missing2.dirent
                lda entries.x
                lda #<dirent.1
                sta (dirent),y
                lda (halve,x)
                jmp (halve)
                lda dirent,x
                lda #dirent
                lda (dirent)
                lda (2).entries
                .byte dirent.1, 2.halve
                .word halve.dirent
                lda true.5
                rts
