; 64tass: -a | -a -C
; Regression from a public 64tass project: binclude anon labels.
        * = $1000
lib     .binclude "034-binclude-anon-labels.inc"
