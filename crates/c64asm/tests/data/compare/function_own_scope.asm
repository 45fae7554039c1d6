; 64tass: -C -a | -a
; An enumeration helper in a `.function` that keeps its counter in the
; function's own scope (`enum.Index`, `enum` being the function itself found
; from its body): 64tass gives every `.function` a scope of its own, kept
; from call to call and pass to pass, that `f.name := ...` defines into and
; `f.name` reads.
lib     .namespace
Increment = 1
enum    .function Init=?, Step=Increment
          enum.Index :?= 0
          enum.Step :?= Step
          .if Init === ?
            enum.Index += enum.Step
          .else
            enum.Index ::= Init
            enum.Step ::= Step
          .endif
        .endfunction enum.Index
        .endnamespace

        * = $1000
Red     = lib.enum(0)
Green   = lib.enum()
Blue    = lib.enum()
Big     = lib.enum(16, 8)
Bigger  = lib.enum()
        .byte Red, Green, Blue, Big, Bigger
        .byte lib.enum.Index, lib.enum.Step
lib.enum.Extra := 5
        .byte lib.enum.Extra
