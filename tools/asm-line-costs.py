#!/usr/bin/env python3
"""Pass 1's instructions per kind of line: for each kind, 2,000 copies of one
line after a short header, assembled under callgrind with a dump after the
first pass; the header alone's count is subtracted and the rest divided by
2,000. Run in a scratch directory (it writes KIND.asm and cg.* files there).

usage: asm-line-costs.py path/to/c64kit [--passes] [KIND ...]

--passes: each pass apart (reading, pass 1, 2, 3 and after), with a header
that makes three passes (a `.if` on a label at the end puts a `nop` in from
pass 2 on, so every label after it moves once): the replayed lines of the
later passes are measured too.

KIND ...: only those kinds (names as in KINDS).
"""
import glob
import os
import subprocess
import sys

KINDS = {
    "blank": "",
    "comment": "; a comment line here",
    "instr_none": "        clc",
    "instr_imm": "        lda #0",
    "instr_abs": "        sta $d020",
    "instr_label": "        lda tab0,x",
    "instr_imm_expr": "        adc #<(tab0 + 3 * 2)",
    "byte_nums": "        .byte 37, 111, 46, 255, 1, 2",
    "byte_mixed": "        .byte 0, 9, (0 + 1) & $ff, <tab0, >tab0",
    "word": "        .word tab0, tab0 + 1, 37 * 256 + 1",
    "text": '        .text "block 0"',
    "text_mixed": '        .text "ab", 13, "cd", 0',
    "null": '        .null "block 0"',
    "shift": '        .shift "block 0"',
    "ptext": '        .ptext "block 0"',
    "fill": '        .fill 6, 0',
    "assign": "ptr{i}  = tab0 + 1",
    "label_only": "lab{i}",
    "label_instr": "lab{i}   rts",
    "macro_call": "        #poke $d021, 1",
    # Anonymous labels before an instruction, as the 20,000 lines have them:
    # alone, and (two lines a copy) with a branch back or ahead to them.
    "anon_line": "-       lda #0",
    "anon_back": "-       lda #0\n        bne -",
    "anon_fwd": "        beq +\n+       lda #0",
    "if_block": "        .if {i} % 3 == 0\n        inc $12\n        .else\n"
    "        dec $12\n        .endif",
    # Branches, each with the label it goes to (a branch's cost: the kind
    # less its reference kind, `label_nop` or `anon_nop`): back to a label
    # or `-` defined before it, ahead to a label or `+` defined after it.
    "label_nop": "lab{i}  nop",
    "anon_nop": "-       nop",
    "branch_back": "lab{i}  nop\n        bne lab{i}",
    "branch_back_anon": "-       nop\n        bpl -",
    "branch_ahead": "        beq lab{i}\nlab{i}  nop",
    "branch_ahead_anon": "        beq +\n+       nop",
    # Lines whose record no longer holds in a later pass (see AROUND).
    "moved_abs": "        lda back,x",
    "ahead_jsr": "        jsr fwd",
    "ahead_imm": "        lda #<fwd",
    "ahead_word": "        .word fwd",
}
# A line before and after the copies of a kind: `back` moves in pass 2 (the
# header's `nop` goes in before it), so its readers are evaluated again in
# pass 2 and replayed in pass 3; `fwd` is read ahead of its definition, in
# pass 2 with pass 1's value, and moves then: its readers are evaluated in
# pass 2 and again in pass 3.
AROUND = {
    "moved_abs": ("back    nop\n", ""),
    "ahead_jsr": ("", "fwd     rts\n"),
    "ahead_imm": ("", "fwd     rts\n"),
    "ahead_word": ("", "fwd     rts\n"),
}
HEADER = (
    "poke    .macro addr, value\n        lda #\\value\n        sta \\addr\n"
    "        .endm\n* = $1000\ntab0 .byte 1,2,3\n"
)
# Three passes: `fin` is not known in pass 1, known in pass 2 (the `nop`
# goes in and the labels after it move), settled in pass 3.
PASSES_HEADER = HEADER + " .if fin > $1000\n nop\n .endif\n"
PASSES_FOOTER = "fin\n"
N = 2000


def pass1(binary, path):
    for f in glob.glob("cg.*"):
        os.remove(f)
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-after=*Assembler*compile",
         "--callgrind-out-file=cg.%p", binary, "build", "-a", "-C", "-q",
         "-o", "x.prg", path],
        capture_output=True, check=False)
    for f in glob.glob("cg.*.1"):
        for line in open(f):
            if line.startswith("summary"):
                return int(line.split()[1])
    raise SystemExit(f"no pass 1 dump for {path}")


def parts(binary, path):
    """Instructions of each part: start-up, reading, then each pass (the
    last part: the last pass and what follows it)."""
    for f in glob.glob("cg.*"):
        os.remove(f)
    subprocess.run(
        ["valgrind", "--tool=callgrind",
         "--dump-before=c64asm::output::Output::reset",
         "--callgrind-out-file=cg.%p", binary, "build", "-a", "-C", "-q",
         "-o", "x.prg", path],
        capture_output=True, check=False)
    dumps = sorted(glob.glob("cg.*.*"), key=lambda f: int(f.rsplit(".", 1)[1]))
    dumps += [f for f in glob.glob("cg.*") if f.count(".") == 1]
    out = []
    for f in dumps:
        for line in open(f):
            if line.startswith("summary"):
                out.append(int(line.split()[1]))
    return out


def by_pass(binary):
    with open("base.asm", "w") as f:
        f.write(PASSES_HEADER + PASSES_FOOTER)
    base = parts(binary, "base.asm")
    print(f"{'':16} {'read':>6} {'pass 1':>6} {'pass 2':>6} {'pass 3':>6}")
    for kind, text in KINDS.items():
        before, after = AROUND.get(kind, ("", ""))
        body = "".join(text.format(i=i) + "\n" for i in range(N))
        with open(kind + ".asm", "w") as f:
            f.write(PASSES_HEADER + before + body + after + PASSES_FOOTER)
        got = parts(binary, kind + ".asm")
        costs = [(a - b) // N for a, b in zip(got[1:], base[1:])]
        print(f"{kind:16}", " ".join(f"{c:6}" for c in costs))


def main():
    binary = sys.argv[1]
    args = sys.argv[2:]
    passes = "--passes" in args
    only = [a for a in args if a != "--passes"]
    for kind in list(KINDS):
        if only and kind not in only:
            del KINDS[kind]
    if passes:
        by_pass(binary)
        return
    with open("base.asm", "w") as f:
        f.write(HEADER)
    base = pass1(binary, "base.asm")
    for kind, text in KINDS.items():
        before, after = AROUND.get(kind, ("", ""))
        body = "".join(text.format(i=i) + "\n" for i in range(N))
        with open(kind + ".asm", "w") as f:
            f.write(HEADER + before + body + after)
        print(f"{kind:16} {(pass1(binary, kind + '.asm') - base) // N:6}")


main()
