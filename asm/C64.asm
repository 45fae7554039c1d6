; C64.asm - the machine as RYG sees it. Every KERNAL entry, zero-page byte and
; I/O register the program uses is named here, once; no other file writes a
; fixed address of the machine (tests/ryg_part1 checks). Also the PETSCII
; control codes and colour numbers the screen routines print, and the text
; encoding the strings are written in.

; Text as the C64 prints it, whatever 64tass mode assembles it (with or
; without -a): letters in either case become the upper-case letters of the
; start-up screen; space, digits and punctuation stay as they are.
        .enc "petscii"
        .cdef " @", $20
        .cdef "AZ", $41
        .cdef "az", $41
        .cdef "[[", $5b
        .cdef "]]", $5d

; KERNAL jump table (documented entries only)
chrout          = $ffd2         ; print the character in A; keeps X and Y
getin           = $ffe4         ; A = next key from the keyboard buffer, 0 if none; may change X and Y
plot            = $fff0         ; carry clear: cursor to row X, column Y; carry set: read it into X, Y

; Zero page: RYG uses the four bytes BASIC and the KERNAL leave free
ptrTablero      = $fb           ; $FB/$FC: the board being worked on, lda (ptrTablero),y
ptrAux          = $fd           ; $FD/$FE: a second pointer: the string pintaCadena prints,
                                ; the board a copy goes to, the strategy table entry

; Zero page: the KERNAL's jiffy clock, read only (the KERNAL's interrupt counts it)
relojJiffies    = $a0           ; $A0 high, $A1 middle, $A2 low byte: 60 per second

; Memory: the BASIC ROM is banked in from here; RAM below it is the program's
romBasic        = $a000

; I/O: VIC-II colour registers (written, never read back)
vicBorde        = $d020         ; border colour
vicFondo        = $d021         ; background colour

; VIC-II colour numbers
colorNegro      = 0
colorAzul       = 6
colorGrisOscuro = 11
colorAzulClaro  = 14

; PETSCII control codes (CHROUT)
petsciiReturn   = $0d
petsciiClear    = $93
rvsOn           = $12
rvsOff          = $92
colBlanco       = $05
colRojoClaro    = $96
colAmarillo     = $9e
colCian         = $9f
colVerdeClaro   = $99
colGris         = $98
colGrisClaro    = $9b
colAzulClaro    = $9a
