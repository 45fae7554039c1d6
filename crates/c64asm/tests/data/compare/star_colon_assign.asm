; 64tass: -x -f -C -a | -x -f -a
; A 65816 ROM image filled bank by bank from the original: the program
; counter set with `* := value` (a variable assignment to `*`), which 64tass
; takes as `* = value`, in a loop as well as at the top.
        * := $000000
        .for bank in range($000000, $030000, $8000)
          * := bank
          .byte bank >> 15, `bank
        .endfor
        * := $018000 + 4
        rep #$30
        .al
        lda #$1234
        * += 2
        rtl
