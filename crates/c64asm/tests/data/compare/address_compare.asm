; 64tass: -C | -i
; Addresses of one addressing mode compare by their values, of two by the
; modes in 64tass's order (# #+ ,x ,y ,z ,r ,s ,d ,b ,k ) ]); an inverted
; byte string is true, even an empty one.
*       = $1000
imm     = #1
simm    = #+1
        .text repr([6] <=> [0],x), repr([0] <=> [0],x), repr(imm < (1,x))
        .text repr(((1),y) == ((1),y)), repr(((2),y) > ((1),y)), repr(imm <=> simm)
        .text repr((1,x) <=> ((1),y)), repr((1,s) < (1,k)), repr([1] > (1))
        .text repr(((1),y) <=> ((1),z)), repr(((1),y) <=> ((1,x)))
        sta ([0] <=> [0],x)
        .text repr(bytes(-1) && 0), repr(~x"" || 0), repr(bool(~x"ff"))
