; A block crossing $ffff. Without -X the compile offset wraps to 0 (64tass
; warns); with -X it goes on to $10000 except for the 64 KiB formats
; (Apple II, Atari, MOS), where 64tass always wraps. The flat, Intel HEX and
; S-record formats place the bytes differently (a 4 GiB offset space where
; `* =` sets the offset itself); Program::output refuses them.
; refused by the 4 GiB formats
* = $fff8
        .fill 12, range(12)
* = $0800
        .byte 1
