; 64tass: --mr65c02 | --mw65c02 | --m65ce02 | --m4510 -B
; The target of bbr/bbs is read as an address whatever form it is written
; in: brackets and an index around it are not looked at (64tass 1.58 only
; tells `,k` and the immediate forms apart), so these all branch.
flags   = $fb
        * = $0c00
wait    bbr 0,flags,(ready)
        bbs 1,flags,[ready]
        bbr 2,flags,ready,x
        bbs 3,flags,(ready),y
        bbr 4,flags,((wait))
        bbs 5,flags,(wait,x)
ready   rts
