; 64tass: -i -C | -i
; labels in any order: 64tass lists the later constant first
; An operand not known yet (a forward reference) still has its addressing
; mode: `ane #later` counts 2 bytes from the first pass, so a `gxx` to its own
; line after it stays a branch.
*       = $1000
l1      xaa #>l2
l2      gne l2
        ane #<l3
        lda (zp),y
        lda #l3 - l2
        jmp (l4)
l3      gcc l3
l4      rts
zp      = $fb
