; 64tass: -a -C | -a -i | -B
; A conditional as an instruction operand: each branch takes its own
; index (`c ? a : b,x` is `c ? a : (b,x)`), and `(a),y` in a branch is
; indirect while a bare `(a)` there is only grouping.
*       = $0801
FAST    = 1
ptr     = $fb
        cmp FAST ? 0 : 0,x      ; zero page, the index belongs to the else branch
        cmp !FAST ? 0 : 0,x     ; zero page,x
        lda FAST ? ptr : $1000,y
        lda FAST ? ptr,x : $1000,y
        lda FAST ? (ptr),y : $1000,y
        lda !FAST ? (ptr),y : $1000,y
        lda FAST ? (ptr+1),y : 0
        lda FAST ? ((ptr),y) : 0
        lda FAST ? (ptr) : 0    ; grouping: zero page
        jmp FAST ? (start) : 0  ; grouping: absolute jump
        lda (!FAST ? 2 : ptr,x) ; indirect x from the else branch
        lda 2 || 3,x            ; the index binds the whole || expression
        lda 0 ? 2 : 3,x+1
        lda FAST ? 2 : 3,x,y
        sta FAST ?? ptr,x : 0
start   rts
