; Every kind of label, for the label file round trip.
        * = $1000
global  jsr proc
_local  nop
-       nop
        bne -
+       jsr blk.in_blk
proc    .proc
inner   nop
_deep   rts
        .pend
blk     .block
in_blk  nop
        .bend
