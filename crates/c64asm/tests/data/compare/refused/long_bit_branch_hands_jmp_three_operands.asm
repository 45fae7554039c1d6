; 64tass: --mr65c02 -B | --mw65c02 -B | --m65ce02 -B | --m4510 -B -Wlong-branch
; With -B a bbr/bbs that doesn't reach is written as the opposite bit test
; over a jump, but 64tass 1.58 hands that jmp all three operands of the bit
; branch: "no 3 operand addressing mode for opcode 'jmp'" at the operands.
; The refused jump still counts as made: a later bit branch to the same
; place reuses it without another error, and one in reach stays short.
        * = $0801
poll    bbr 3,$fb,service
        bbs 3,$fb,service
        bbr 7,$fc,poll
        rts
        * = $2000
service bbs 0,$fd,service
        rts
