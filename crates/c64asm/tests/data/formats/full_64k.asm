; A full 64 KiB run: its length $10000 is written as 0 where lengths have
; two bytes (nonlinear, Apple II), as 64tass writes it.
* = $0000
        .fill $10000, range(256)
