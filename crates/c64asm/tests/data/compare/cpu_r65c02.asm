; 64tass: -a --mr65c02 | -a --mw65c02 -B -Wlong-branch | -a --mr65c02 -B
; The Rockwell bit instructions (bit number first, as 64tass writes them),
; the R65C02's `nop` forms and `gra` over one byte, `.cpu "w65c02"`.
zp      = $10
* = $2000
loop    rmb 0,zp
        rmb 1,zp
        rmb 2,zp
        rmb 3,zp
        rmb 4,zp
        rmb 5,zp
        rmb 6,zp
        rmb 7,$ff
        smb 0,zp
        smb 1,zp
        smb 2,zp
        smb 3,zp
        smb 4,zp
        smb 5,zp
        smb 6,zp
        smb 7,zp
        bbr 0,zp,loop
        bbr 7,zp,+
        bbs 3,zp,loop
        bbs 4,zp,*+3
+       nop #$12
        nop $12
        nop $12,x
        nop $1234
        gra +
        nop
+       bbr 2,zp,#5
        bra loop
        .cpu "w65c02"
        wai
        stp
        hlt
