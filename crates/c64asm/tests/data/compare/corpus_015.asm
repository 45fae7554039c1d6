; 64tass: -a | -a -C
; Regression from a public 64tass project: gxx branch to self.
        * = $1000
-       gcc -
        gne $1234
lab     geq lab
-
        gne -
