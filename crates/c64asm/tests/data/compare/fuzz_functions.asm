; 64tass: -C
; Functions and operators on mixed types as 64tass has them (differential
; fuzz repros 014, 016, 021, 024-027, 033, 034, 055).
        * = $0801
        .text str(x"cd36c1cd"), str(~x"01"), repr(str(x"01"))
        .text repr("a""b""c'"), repr('a"b''c'), repr("a""b"), repr("a'b")
        .text repr([1] .. (2,)), repr((1,) .. [2]), str(type([1] .. (2,))), str(type((1,) .. [2]))
        .text repr(any(2 == 0)), repr(all($17.ffp0)), repr(all(3)), repr(any(0)), repr(all(0.0))
        .text repr(all($0)), repr(all(~$0)), repr(any("")), repr(all([""])), repr(all([$0e]))
        .text repr(all([[]])), repr(any([[]])), repr(all([[0]])), repr(any([[1], 0]))
        .text repr(bytes([])), repr(bits([p"0@1", x""])), repr(bytes([x"01", x"0203"])), repr(bytes([1, 2]))
        .text repr("%" .. false), repr($1 .. "a")
        .text repr(frac(0)), repr(frac(5)), repr(frac(true)), repr(frac($3))
        .text repr($1 <? 1), repr(1 <? $1), repr(1.0 <? 1), repr(1 >? 1.0), repr($1 >? 1)
        .text repr(1 <? true), repr(true <? 1), repr(false <? 0), repr(0 <? false), repr(2 <? true)
v1      .var false
v1      <?= 0
        .text repr(v1)
        .text repr(sort(3)), repr(sort(bytes(0))), repr(sort("ba")), repr(sort(x"0201"))
        .text repr([1, 0] || 5), repr([0, 1] && [2, 3]), repr([1, 0] ^^ 1), repr(0 || [0, 1])
        .text repr([] || 3)
mb1     .block
x       .var 1
        .bend
        .text repr(.nosuch in mb1), repr(.x in mb1)
; Functions map over a dictionary's key:value entries (repro 009).
        .text repr({"a": "b"}), str({"a": "b"}), repr({1: [2, 3]}), repr({1: 2, : 3})
        .text str(type(str({1: 2}))), repr(abs({})), repr(int({})), format("%s", {})
        .text repr(len(str({1: 2}))), repr(bool({})), repr(sort({})), repr(all({})), repr(any({}))
        .text repr({}), repr({1: 2, 3: 4}), format("%s|", {1: 2}), str(type(format("%s|", {1: 2})))
