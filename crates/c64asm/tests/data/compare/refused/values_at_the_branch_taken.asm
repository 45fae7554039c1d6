; 64tass: -a | -a -C
; A value that doesn't fit is placed where 64tass places the value: after
; its brackets, at the branch a `?:` took or the operand a `<?` or `>?`
; gave (nested too), in data and in a function's arguments; an operation
; on such a value at its own start, an instruction's operand after the `#`.
        * = $1000
big     = 300
        .byte true ? big : 1
        .byte false ? 1 : big
        .byte (false ? 1 : 300)
        .byte 5 >? 300
        .byte 300 <? 500
        .byte 5 >? big >? 2
        .byte true ? (false ? 1 : 300) : 2
        .byte 1, (true ? 2 + 300 : 1)
        .byte 1 + (true ? 300 : 1)
        .word word(true ? 70000 : 1)
        .char false ? 1 : -200
        lda #false ? 1 : 300
