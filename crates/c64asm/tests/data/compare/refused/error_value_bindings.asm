; 64tass: -a
; An error value bound to a variable or a function's parameter stays
; bound: a file `binary()` can't read (or a name not defined) passed to a
; `.function` is its parameter's value, and what the body computes from it
; (variables, constants, a condition) is that error again, which says
; nothing more where it is used (64tass: one message; c64kit ran the body
; with the variables left undefined and reported each of them).
        * = $0801
ctmhead .function data
version := data[3]
flags   := data[4]
width   := data[5] | (data[6] << 8)
height  := data[7] | (data[8] << 8)
        .if flags & 1
cells   := width * height * 2
        .else
cells   := width * height
        .endif
        .endf (version, width, height, cells)
map     = ctmhead(binary("screen.ctm"))
        lda #map[1]
        ldx #map[2]
        .word map[3]
size    := binary("screen.ctm")
rows    := len(size) / 40
        .byte rows
        lda size[0]
        .if rows > 25
        nop
        .endif
twice   .function v
t       := v * 2
        .endf t + v
        .byte twice(nothere)
        .byte twice(binary("colours.bin")[0])
tiles   .function name
raw     := binary(name)
count   := len(raw) / 8
        .endf
set     = tiles("tiles.bin")
        .with set
        .byte count
        .endwith
; In loops, `:?=` and `::=` (a name `::=` can't find is reported once, as
; a name read is).
rawdata := binary("gone.bin")
        .for i := rawdata[0], i < 3, i += 1
        .byte i
        .endfor
        .for j := 0, j < rawdata[1], j += 1
        .byte j
        .endfor
n       :?= rawdata[2]
        .byte n
again   ::= rawdata
        .byte again
        .while rawdata[3] > 0
        nop
        .endwhile
        .switch rawdata[4]
        .case 1
        nop
        .default
        brk
        .endswitch
