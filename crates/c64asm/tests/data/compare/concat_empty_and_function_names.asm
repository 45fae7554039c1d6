; 64tass: -C | -i
; An empty bit string (or plain empty byte string) on the left of `..`
; gives the right side as it is, inversion included; a built-in function
; turned into text is its name (`str(len)` is "len").
*       = $1000
        .text repr((%0110 >> 7) .. ~$d0aFab), " ", repr((~%0110 >> 7) .. $d0)
        .text " ", repr(bits(0) .. ~$d0), " ", repr(x"" .. ~x"01"), " ", repr(~x"" .. x"01")
        .text " ", repr(~x"01" .. x""), " ", repr($1 .. ~$d0), " ", repr(~$d0 .. %0)
fn2     = str
        .text " ", repr(fn2(len)), " ", str(sin), " ", format("%s", repr), " ", str([len, str])
