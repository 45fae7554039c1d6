; 64tass: -a | -a -C
; Masks made by inverting or negating a bit string stay bit strings: VICE's
; numeric label list gives them as 24 bits (`~$e0` is ffff1f); a negative
; integer, or a bit string longer than 24 bits, is left out.
        * = $0801
INT_MASK = $e0
FRAC_MASK = ~INT_MASK
ROW_MASK = $f8
COLUMN_MASK = ~ROW_MASK
page_back = -$100
bank_back = -$10000
minus_one = -1
neg_int = -225
wide = ~$1000000
wide_neg = -$1000000
top = $ffffff
past_top = $1000000
long_bits = $123456789
fraction = -1.5
flag = true
        lda #FRAC_MASK & $ff
        and #COLUMN_MASK & $ff
        rts
