; 64tass: -a -Wstrict-bool | -a -Wall | -a
; -Wstrict-bool: a condition that is not a bool (`.if`, `.elsif`, `.cerror`,
; `.cwarn`, `.for`/`.while` conditions, `?:`) and `!`, `&&`, `||`, `^^` on
; values that are not bools. 0x444454/cbm2 builds `.if BUILD_TYPE_PRG` with
; `BUILD_TYPE_PRG = 0` and -Wall.
        * = $1000
BUILD_PRG = 0
BUILD_CART = 1
lbl     nop
        .if BUILD_PRG
        nop
        .elsif BUILD_CART
        .byte 1
        .fi
        .if 1.5
        .endif
        .if "a"
        .endif
        .if %1
        .endif
        .if lbl
        .endif
        .if !1
        .endif
        .if 1 && 2
        .endif
        .if true && 2
        .endif
        .if 0 || true
        .endif
        .byte 1 ? 2 : 3
        .cerror 0, "x"
        .cwarn 0
        .for i = 0, 1 - i, i += 1
        .next
        .if true
        .endif
        .if 1 == 1 && !false
        .endif
        .byte (1 ^^ 0) ? 4 : 5
        .option allow_branch_across_page = 1
        .option allow_branch_across_page = false
