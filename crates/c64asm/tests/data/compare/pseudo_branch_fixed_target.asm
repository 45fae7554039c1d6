; 64tass: -B | -a
; A pseudo branch (gXX) to a number is measured from its own end in every
; pass; only a label ahead is measured from where the branch ended last pass.
; Skipping one byte ($f7 from $f4) is one byte: the inverted branch opcode,
; which takes the next byte as its offset. This used to flip between one and
; two bytes from pass to pass ("too many passes").
* = $f0
l1      sed
        cld
        eor (0),y
        gmi zp2
zp2 = $f7
* = $0100
first   lda later               ; 3 bytes in pass 1, 2 from pass 2
        gne $0105               ; skips one byte once `lda` shrinks
        gcc $0105               ; to the next line: vanishes
        gcs $0200               ; out of reach: a jmp
        gvs first
        nop
later = $80
