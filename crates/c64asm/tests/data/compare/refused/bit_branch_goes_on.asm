; 64tass: --mr65c02 | --mw65c02
; bbr and bbs whose address is not on the direct page (or whose bit is out
; of range) are reported, and the branch is still made: a target out of
; reach is reported too.
        * = $1000
l1      bbs 4,l1,$3c52
        bbs 7,*,$21bf
        bbr 9,$12,$5000
        bbr 6,"." + 32768,$fae5
