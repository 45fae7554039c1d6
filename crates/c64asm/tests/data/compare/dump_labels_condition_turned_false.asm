; 64tass: -a -C
; `--dump-labels` also lists what only an earlier pass defined: labels under
; an `.if` that was true while the code after it still sat where a routine
; nothing calls put it (assembled in the first pass only), with the values
; they had then. The other label lists leave them out.
        * = $0801
init    .proc                           ; nothing calls it: pass 1 only
        .fill 300
        .pend
        .if end_of_code > $0900         ; true in pass 2 only
big     lda #0
limit   = 5
count   := 6
buffers .block
first   .byte 0
size    = 7
        .bend
        .endif
start   rts
end_of_code
