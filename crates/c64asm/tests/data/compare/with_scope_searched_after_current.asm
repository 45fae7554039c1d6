; 64tass: -a | -a -C -Wshadow | -a -Wall
; labels in any order: 64tass 1.58 lists the global labels of this source in another
; order in about one run of six (-a -C -Wshadow, twelve runs).
; `.with` puts its namespace under the scope that is current where it is
; opened, not above it: a name is looked up in the current scope (and in the
; `.proc`s opened inside the `.with`) first, then in the `.with` namespace,
; then in the enclosing scopes. A driver namespace that opens `.with` on the
; bus driver and defines a debug macro and switch of the same names as the
; bus driver's gets its own ones; at the top level, where the global scope
; is current, a global name wins over the `.with` namespace's. c64asm
; searched the `.with` namespace first and took the bus driver's macro and
; values (an F256 kernel fork's IEC and JiffyDOS drivers).
        * = $1000
BUS_DEBUG = 7
bus     .namespace
DEBUG   = 1
TIMEOUT = 40
dbg     .macro value
        .byte $b0 + \value
        .endm
port    .byte DEBUG
        .endn

fast    .namespace
        .with bus
DEBUG   = 2
dbg     .macro value
        .byte $f0 + \value
        .endm
send    .proc
        dbg DEBUG
        .byte TIMEOUT, <port
        .if DEBUG == 2
        nop
        .endif
        rts
        .pend
        dbg 5
        .byte DEBUG, BUS_DEBUG
        .endwith
        .byte DEBUG
        .endn

TIMEOUT = 99
        .with bus
        .byte TIMEOUT, DEBUG
        dbg 3
        .endwith
        jsr fast.send
