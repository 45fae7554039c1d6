; 64tass: -a | -a -C
; An address without an addressing mode as text: `str()` and `format("%s")`
; write its value (64tass's `str` of an address is the repr of what it
; holds), while `repr()` keeps the `address(...)` around it. Jump tables
; whose entries are declared with `address()` print them this way.
        * = $1000
entry   = address($c123)
table   .text str(entry), ",", format("%s", entry + 1), ","
        .text str(address(7)), ",", repr(address(7)), ","
        .text format("%x", address($ab)), 0
        rts
