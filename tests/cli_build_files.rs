//! `c64kit build` with 64tass's options that choose what goes into which file:
//! several outputs each with its own format, section and memory map
//! (`--output-section`, `--map`), label lists of one scope (`--labels-root`,
//! `--export-labels`) and the `--*-append` options. Each command line runs
//! through 64tass 1.58 and c64kit in twin directories, and the files must match
//! byte for byte (memory maps and listings after their first lines, which name
//! the tool).

mod cli_support;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::{TempDir, both, c64kit, text};

/// Sections as a C64 program with a loader uses them: code and data placed
/// at the start, a loader elsewhere, a child section inside the code.
const SECTIONS: &str = "\
* = $0801
        .dsection main
        .dsection data
* = $c000
        .dsection loader
        .section main
start   lda #1
        jsr sub
        .dsection inner
        rts
        .section inner
        .byte 7,8
        .send inner
        .send main
        .section loader
sub     ldx #2
        rts
        .send loader
        .section data
tbl     .byte 1,2,3
        .send data
";

/// Scopes to list labels from; `p` is a `.proc` nothing calls.
const SCOPES: &str = "\
* = $1000
val = 5
exp .block
one   lda #1
two = $20
vv   := 3
p     .proc
        ldx #2
        rts
      .endproc
q     .proc
        rts
      .endproc
inner .block
deep    rts
      .bend
  jsr q
.bend
glob  rts
";

/// A build by both tools in twin directories holding `source` (as `s.asm`) and
/// the files of `before`.
struct Twins {
    tass: TempDir,
    kit: TempDir,
    tass_out: Output,
    kit_out: Output,
}

fn twins(tag: &str, source: &str, before: &[(&str, &str)], args: &[&str]) -> Twins {
    let tass = TempDir::new(&format!("files-{tag}-64tass"));
    let kit = TempDir::new(&format!("files-{tag}-c64kit"));
    for dir in [&tass, &kit] {
        dir.write("s.asm", source);
        for (name, text) in before {
            dir.write(name, text);
        }
    }
    let tass_out = Command::new("64tass")
        .current_dir(&tass.0)
        .arg("-q")
        .arg("s.asm")
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!("64tass is needed to compare with it ({e}); install it (apt-get install 64tass)")
        });
    let kit_out = c64kit(&kit.0)
        .args(["build", "-q", "s.asm"])
        .args(args)
        .output()
        .expect("run c64kit");
    Twins {
        tass,
        kit,
        tass_out,
        kit_out,
    }
}

impl Twins {
    fn both_succeed(&self) -> &Self {
        assert!(
            self.tass_out.status.success(),
            "64tass: {}",
            both(&self.tass_out)
        );
        assert!(
            self.kit_out.status.success(),
            "c64kit: {}",
            both(&self.kit_out)
        );
        self
    }

    /// The file is the same from both tools.
    fn same(&self, name: &str) -> &Self {
        let (t, k) = (read(&self.tass.0, name), read(&self.kit.0, name));
        assert!(
            t == k,
            "{name}:\n64tass: {:?}\nc64kit: {:?}",
            text(&t),
            text(&k)
        );
        self
    }

    /// The file is the same from both tools but for the lines that name the tool
    /// (`lines` of them after the first `skip` lines, which were there before).
    fn same_but_header(&self, name: &str, skip: usize, lines: usize) -> &Self {
        let cut = |bytes: Vec<u8>| {
            let t = text(&bytes);
            let all: Vec<&str> = t.split('\n').collect();
            [&all[..skip], &all[skip + lines..]].concat().join("\n")
        };
        let (t, k) = (read(&self.tass.0, name), read(&self.kit.0, name));
        assert_eq!(cut(t), cut(k), "{name}");
        self
    }

    /// The listing is the same from both tools from its column titles on
    /// (the lines before name the tool, its command line and the date).
    fn same_listing(&self, name: &str) -> &Self {
        let body = |bytes: Vec<u8>| {
            let t = text(&bytes);
            let at = t.find("\n;Line").or_else(|| t.find("\n;Offset"));
            t[at.expect("column titles")..].to_string()
        };
        let (t, k) = (read(&self.tass.0, name), read(&self.kit.0, name));
        assert_eq!(body(t), body(k), "{name}");
        self
    }

    /// Both refused the command line with exit status 1, c64kit's first
    /// message 64tass's without its `64tass: ` prefix.
    fn refused_as_option(&self) -> &Self {
        assert!(!self.kit_out.status.success());
        assert_eq!(self.kit_out.status.code(), self.tass_out.status.code());
        assert_eq!(self.kit_out.status.code(), Some(1));
        let theirs = text(&self.tass_out.stderr);
        let first = theirs.lines().next().unwrap_or("");
        assert_eq!(
            text(&self.kit_out.stderr).lines().next(),
            first.strip_prefix("64tass: "),
            "{}",
            both(&self.kit_out)
        );
        self
    }

    /// Neither tool wrote this file.
    fn absent(&self, name: &str) -> &Self {
        assert!(!self.tass.path(name).exists(), "64tass wrote {name}");
        assert!(!self.kit.path(name).exists(), "c64kit wrote {name}");
        self
    }
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name} in {}: {e}", dir.display()))
}

// --output-section, several outputs, per-output formats and maps

#[test]
fn output_section_writes_that_section_and_its_children() {
    twins(
        "sections",
        SECTIONS,
        &[],
        &[
            "--output-section",
            "main",
            "-o",
            "main.prg",
            "--nostart",
            "--output-section",
            "loader",
            "-o",
            "loader.bin",
            "--cbm-prg",
            "--output-section",
            "main.inner",
            "-o",
            "inner.prg",
            "-o",
            "all.prg",
        ],
    )
    .both_succeed()
    .same("main.prg")
    .same("loader.bin")
    .same("inner.prg")
    .same("all.prg");
    // What the files hold, as 64tass writes them.
    let t = twins(
        "sections-bytes",
        SECTIONS,
        &[],
        &["--output-section", "MAIN", "-o", "m.prg"],
    );
    assert_eq!(
        read(&t.kit.0, "m.prg"),
        [0x01, 0x08, 0xa9, 0x01, 0x20, 0x00, 0xc0, 0x07, 0x08, 0x60]
    );
    t.same("m.prg");
}

#[test]
fn a_section_belongs_to_the_output_after_it_and_the_last_output_takes_a_trailing_one() {
    // The section is not carried on to the next -o (the format is); one given after
    // the last -o is the last output's, even over the one before it.
    twins(
        "sections-order",
        SECTIONS,
        &[],
        &[
            "--nostart",
            "--output-section",
            "loader",
            "-o",
            "a.bin",
            "-o",
            "b.bin",
            "--output-section",
            "main",
            "-o",
            "c.prg",
            "--output-section",
            "data",
        ],
    )
    .both_succeed()
    .same("a.bin")
    .same("b.bin")
    .same("c.prg");
}

#[test]
fn a_map_belongs_to_the_output_after_it() {
    // The map before an -o is that output's; one after the last -o is the last
    // output's unless it has one already (then 64tass writes no file for it).
    let t = twins(
        "maps",
        SECTIONS,
        &[],
        &[
            "-o",
            "a.prg",
            "--output-section",
            "loader",
            "--map",
            "m1.txt",
            "-o",
            "b.prg",
            "--map",
            "m2.txt",
            "--output-section",
            "main",
        ],
    );
    t.both_succeed()
        .same("a.prg")
        .same("b.prg")
        .same_but_header("m1.txt", 1, 1)
        .absent("m2.txt");
    let kit_map = text(&read(&t.kit.0, "m1.txt"));
    assert!(
        kit_map.contains("Memory map for output file: b.prg\n"),
        "{kit_map}"
    );
    assert!(
        kit_map.contains("Data:          8   $0801-$0808   $0008\n"),
        "{kit_map}"
    );
    twins(
        "maps-last",
        GOOD,
        &[],
        &["-o", "a.prg", "-o", "b.prg", "--map", "m.txt"],
    )
    .both_succeed()
    .same_but_header("m.txt", 1, 1);
}

/// Unions written over each other in a section and in the section inside it.
const UNIONS: &str = "\
* = $1000
        .dsection s
        nop
        .section s
        .union
        .byte 1,2,3
        .word 0
        .endu
        .section t
        .union
        .byte 4,5
        .byte 6
        .endu
        .send
        .dsection t
        .send
";

#[test]
fn a_sections_hex_output_finds_it_as_the_outputs_before_left_it() {
    // 64tass flattens each memory in place when it writes an output of it
    // (merged for an image format, its sections copied in): a section's hex
    // output after an image output of it or of the program is one record per
    // run, the program's after a section's image has that section merged.
    let orders: [&[&str]; 6] = [
        &[
            "-o",
            "x.prg",
            "--output-section",
            "s",
            "--intel-hex",
            "-o",
            "o1.hex",
        ],
        &[
            "--output-section",
            "s",
            "-o",
            "x.prg",
            "--intel-hex",
            "-o",
            "o1.hex",
        ],
        &[
            "--output-section",
            "s.t",
            "-o",
            "x.prg",
            "--output-section",
            "s",
            "--intel-hex",
            "-o",
            "o1.hex",
        ],
        &[
            "--output-section",
            "s",
            "--intel-hex",
            "-o",
            "o1.hex",
            "--cbm-prg",
            "--output-section",
            "s",
            "-o",
            "x.prg",
            "--intel-hex",
            "--output-section",
            "s",
            "-o",
            "o2.hex",
        ],
        &[
            "--output-section",
            "s.t",
            "--cbm-prg",
            "-o",
            "x.prg",
            "--intel-hex",
            "-o",
            "o2.hex",
            "--output-section",
            "s",
            "--s-record",
            "-o",
            "o3.hex",
            "--mos-hex",
            "--output-section",
            "s.t",
            "-o",
            "o4.hex",
        ],
        &[
            "--intel-hex",
            "-o",
            "o1.hex",
            "--output-section",
            "s.t",
            "-b",
            "-o",
            "x.prg",
            "--output-section",
            "s",
            "--atari-xex",
            "-o",
            "o2.xex",
            "--intel-hex",
            "-o",
            "o3.hex",
        ],
    ];
    same_files_in_every_line("flattened", UNIONS, &orders);
    let t = twins("flattened-bytes", UNIONS, &[], orders[0]);
    assert_eq!(
        text(&read(&t.kit.0, "o1.hex")),
        ":051000000000030605DD\n:00000001FF\n"
    );
}

/// Sections in maps: nested and placed in several places, one with a gap
/// inside, one empty, one with `.logical`, one written before its `.dsection`,
/// three levels deep, one moved by `* =` inside it.
const MAP_SECTIONS: [&str; 4] = [
    "\
* = $1000
        .dsection code
        .dsection data
        .byte 1
* = $2000
        .dsection zp
        .section code
        lda #1
        rts
        .section inner
        .byte 5,6
        .send inner
        nop
        .send code
        .section data
        .word 1,2
        .fill 3
        .byte 7
        .send data
        .section code
        .dsection inner
        jmp *
        .send
        .section zp
        .logical $80
        .byte 9
        .here
        .send
",
    "\
* = $0801
        .word 1
        .dsection empty
        .dsection main
        .section main
        .byte 1,2,3
        .section sub
        .fill 4
        .byte 1
        .send
        .dsection sub
        .section sub2
        .byte 4
        .send
        .dsection sub2
        .send
        .byte $ff
* = $c000
        .byte 0
",
    "\
        .section late
        .byte 1,2,3
        .send
* = $1000
        .dsection bss
        .dsection late
* = $0ff0
        .byte 7
        .section late
        .byte 4
        .section deep
        .section deeper
        .byte $aa
        .send
        .dsection deeper
        .fill 2
        .send
        .dsection deep
        .send
        .section bss
        .fill 10
        .send
* = $1100
        .union
        .byte 1,2,3
        .word 4
        .endu
        .virtual
        .byte 9
        .endv
        .byte 5
* = $1101
        .byte 8
",
    "\
* = $2000
        .dsection a
        .byte 1
        .dsection b
        .dsection e
        .section e
        .send
        .section a
        .section a1
        .section a2
        .byte 5
        .fill 3
        .send
        .dsection a2
        .send
        .dsection a1
        .send
        .section b
        .byte 2
* = $3000
        .byte 3
        .fill 2
        .send
",
];

#[test]
fn maps_name_the_sections_as_64tass_does() {
    // 64tass splits the map at each section placed with `.dsection` (`Section:`
    // rows, `|` under them) and names the rows. Writing an output flattens its
    // section: the maps of the outputs after it show none inside it.
    let lines: [&[&str]; 4] = [
        &[
            "--map",
            "a.map",
            "-o",
            "a.prg",
            "--map",
            "b.map",
            "--output-section",
            "code",
            "-o",
            "b.bin",
        ],
        &[
            "--map",
            "a.map",
            "--output-section",
            "main",
            "-o",
            "a.bin",
            "--map",
            "b.map",
            "--output-section",
            "main.sub",
            "-o",
            "b.bin",
            "--map",
            "c.map",
            "--intel-hex",
            "-o",
            "c.hex",
            "--map",
            "d.map",
            "--output-section",
            "main",
            "-o",
            "d.bin",
        ],
        &[
            "--map",
            "a.map",
            "--output-section",
            "late.deep",
            "-o",
            "a.bin",
            "--map",
            "b.map",
            "-o",
            "b.prg",
        ],
        &[
            "--map",
            "a.map",
            "-o",
            "a.prg",
            "--map",
            "b.map",
            "--output-section",
            "a",
            "-o",
            "b.bin",
            "--map",
            "c.map",
            "--output-section",
            "b",
            "--atari-xex",
            "-o",
            "c.xex",
        ],
    ];
    for (i, (source, args)) in MAP_SECTIONS.iter().zip(lines).enumerate() {
        let t = twins(&format!("section-maps{i}"), source, &[], args);
        t.both_succeed();
        for map in args.iter().filter(|a| a.ends_with(".map")) {
            t.same_but_header(map, 1, 1);
        }
    }
}

/// `late` is first met inside `code` (pass 1 makes `code.late` for it, as
/// 64tass does, `.dsection late` not read yet) and placed at the top from
/// pass 2 on; `hidden` is placed inside a `.virtual`, so never linked in.
const STALE_SECTIONS: &str = "* = $1000
stage .macro
 .section late
 lda #>\\1
 .send late
 .endm
 .section code
 #stage $1234
 .send code
 .dsection zp
 .dsection code
 .dsection data
 .section zp
 .union
 .struct
 .ends
 .endu
 .send zp
 .virtual $2000
 .dsection hidden
 .endv
 .section hidden
 .byte 1, 2
 .send hidden
 .section data
 .fill 16, 7
 .send data
 .dsection late
";

#[test]
fn sections_not_linked_in_write_as_64tass() {
    // Memories are made anew each pass: `code.late` still named one pass 1
    // gave it, by then another section's, and writing any output panicked.
    // 64tass writes the `.virtual` section as an empty output with a map of
    // no rows. (`code.late` alone holds whatever memory object 64tass's
    // allocator gave its old one to: only its success is compared.)
    let lines: [&[&str]; 2] = [
        &["-o", "a.prg", "--map", "a.map", "-b", "-o", "b.bin"],
        &[
            "--output-section",
            "hidden",
            "--intel-hex",
            "-o",
            "h.hex",
            "--map",
            "h.map",
        ],
    ];
    for (i, args) in lines.into_iter().enumerate() {
        let t = twins(&format!("stale-sections{i}"), STALE_SECTIONS, &[], args);
        t.both_succeed();
        for name in args.iter().filter(|a| a.contains('.')) {
            match name.ends_with(".map") {
                true => t.same_but_header(name, 1, 1),
                false => t.same(name),
            };
        }
    }
    let args = ["--output-section", "code.late", "-o", "l.prg"];
    twins("stale-sections-late", STALE_SECTIONS, &[], &args).both_succeed();
}

const TINY: &str = "* = $0801\nstart rts\n";

const GOOD: &str = "* = $0801\nstart   lda #1\n        sta $d020\n* = $0900\nloop    jmp loop\n";

#[test]
fn an_unknown_output_section_is_an_error_and_nothing_is_written() {
    let t = twins(
        "sections-missing",
        SECTIONS,
        &[],
        &[
            "-o",
            "a.prg",
            "--output-section",
            "inner",
            "-o",
            "b.prg",
            "-l",
            "s.lbl",
        ],
    );
    // A section is found by its path from the root: `inner` alone is not one.
    assert!(!t.tass_out.status.success());
    assert!(text(&t.tass_out.stderr).contains("section 'inner' for output not found"));
    assert!(!t.kit_out.status.success());
    let err = text(&t.kit_out.stderr);
    assert!(
        err.contains("fatal error: section 'inner' for output not found"),
        "{err}"
    );
    // 64tass writes the other files; c64kit writes all or nothing.
    assert_eq!(t.kit.names(), ["s.asm"]);
}

// --labels-root, --export-labels

#[test]
fn labels_root_lists_one_scope_in_every_format() {
    twins(
        "labels-root",
        SCOPES,
        &[],
        &[
            "-o",
            "s.prg",
            "--labels-root=exp",
            "-l",
            "exp.lbl",
            "-l",
            "all.lbl",
            "--vice-labels",
            "--labels-root=EXP",
            "-l",
            "exp.vice",
            "--labels-root",
            "exp.inner",
            "-l",
            "inner.vice",
            "--normal-labels",
            "-l",
            "last.lbl",
            "--labels-root=exp",
        ],
    )
    .both_succeed()
    .same("s.prg")
    .same("exp.lbl")
    .same("all.lbl")
    .same("exp.vice")
    .same("inner.vice")
    .same("last.lbl");
}

#[test]
fn a_labels_root_that_is_no_scope_is_an_error_and_nothing_is_written() {
    for root in ["exp.two", "nope", ""] {
        let flag = format!("--labels-root={root}");
        let t = twins(
            "labels-root-missing",
            SCOPES,
            &[],
            &["-o", "s.prg", &flag, "-l", "x.lbl"],
        );
        let message = format!("scope '{root}' for label listing not found");
        assert!(
            text(&t.tass_out.stderr).contains(&message),
            "{}",
            both(&t.tass_out)
        );
        assert!(!t.kit_out.status.success());
        assert!(
            text(&t.kit_out.stderr).contains(&message),
            "{}",
            both(&t.kit_out)
        );
        assert_eq!(t.kit.names(), ["s.asm"]);
    }
}

/// A `--labels-root` scope or an `--output-section` the program lacks is a
/// fatal error found after the assembly: 64tass prints no warning then (it
/// counts it in its summary), and names no output in the message (c64kit
/// showed the warnings, and for a section its own `error: FILE: ...`).
#[cfg(unix)]
#[test]
fn a_missing_root_or_section_hides_the_warnings() {
    let source = "* = $1000\n jmp ($10ff)\n.dsection data\n.section data\n .byte 1\n.send\n";
    let lines: [&[&str]; 2] = [
        &["-o", "s.prg", "--labels-root=nope", "-l", "x.lbl"],
        &["--output-section=nope", "-o", "s.prg"],
    ];
    for args in lines {
        let t = twins("late-fatal", source, &[], args);
        assert!(!t.tass_out.status.success());
        let link = t.kit.link_as_64tass();
        let out = Command::new(&link)
            .current_dir(&t.kit.0)
            .args(["-q", "s.asm"])
            .args(args)
            .output()
            .expect("run c64kit as 64tass");
        assert_eq!(out.status.code(), Some(1), "{}", both(&out));
        assert_eq!(text(&out.stderr), text(&t.tass_out.stderr), "{args:?}");
    }
}

/// `source` built by both with `--labels-root=root` and a label list.
fn labels_root(tag: &str, source: &str, root: &str) -> Twins {
    let flag = format!("--labels-root={root}");
    twins(tag, source, &[], &["-o", "s.prg", &flag, "-l", "s.lbl"])
}

/// A `.proc` nothing calls is left out of every label list, but is still a
/// scope to `--labels-root`: its list is empty, not an error (found by
/// tools/asm-mutation-compare on a BASIC's unit tests, procs all).
#[test]
fn a_labels_root_of_an_unused_proc_lists_nothing() {
    const PROCS: &str =
        "* = $1000\nused .proc\n a lda #1\n .pend\nidle .proc\n b rts\n .pend\n jsr used\n";
    for root in ["idle", "IDLE", "used"] {
        let t = labels_root("labels-root-idle", PROCS, root);
        t.both_succeed().same("s.prg").same("s.lbl");
    }
    let t = labels_root("labels-root-idle", PROCS, "idle");
    assert_eq!(read(&t.kit.0, "s.lbl"), b"");
}

/// A structure or union is a scope to `--labels-root` too: its fields are
/// listed (as offsets), though the structure itself is in no list, and one
/// without fields lists nothing; a macro is no scope.
#[test]
fn a_labels_root_of_a_structure_lists_its_fields() {
    const STRUCTS: &str = "* = $1000\nst .struct\na .byte ?\nb .word ?\n .ends\nun .union\nc .byte ?\n .endu\nma .macro\n .endm\nv .dstruct st\n lda v.b\nem .struct\n .byte ?\n .ends\n";
    for root in ["st", "ST", "un", "v", "em"] {
        let t = labels_root("labels-root-struct", STRUCTS, root);
        t.both_succeed().same("s.prg").same("s.lbl");
    }
    let t = labels_root("labels-root-struct", STRUCTS, "st");
    assert_eq!(text(&read(&t.kit.0, "s.lbl")), "a\t\t= 0\nb\t\t= 1\n");
    let t = labels_root("labels-root-macro", STRUCTS, "ma");
    assert!(!t.kit_out.status.success());
    assert!(!t.tass_out.status.success());
}

/// In VICE's form, a structure's or union's fields listed from it are
/// addresses (`al 1 .b`), its constants only with `--vice-labels-numeric`,
/// and a nested structure's fields not at all (found by
/// tools/asm-mutation-compare on a charset source given a union).
#[test]
fn a_labels_root_of_a_structure_lists_its_fields_for_vice() {
    const STRUCTS: &str = "* = $1000\nst .struct\na .byte ?\nc = 5\nd = *\nb .word ?\nin .struct\nx .byte ?\n .ends\n .ends\nun .union\nf .byte ?\ng .word ?\n .endu\nv .dstruct st\n .dunion un\n";
    for root in ["st", "un", "v"] {
        for format in ["--vice-labels", "--vice-labels-numeric"] {
            let flag = format!("--labels-root={root}");
            let args = ["-o", "s.prg", format, &flag, "-l", "s.lbl"];
            let t = twins("labels-root-struct-vice", STRUCTS, &[], &args);
            t.both_succeed().same("s.prg").same("s.lbl");
        }
    }
    let args = [
        "-o",
        "s.prg",
        "--vice-labels",
        "--labels-root=un",
        "-l",
        "s.lbl",
    ];
    let t = twins("labels-root-struct-vice", STRUCTS, &[], &args);
    assert_eq!(text(&read(&t.kit.0, "s.lbl")), "al 0 .g\nal 0 .f\n");
}

/// A missing `--labels-root` scope is 64tass's fatal error, found after the
/// program assembled: its message alone, in 64tass's words (the warnings are
/// not shown: there is an error), and its exit status. 64tass leaves the label
/// files before it written; c64kit writes none.
#[test]
fn a_missing_labels_root_is_64tass_fatal_error_alone() {
    const WARNS: &str =
        "* = $1000\nfoo     nop\n        .text ^foo\nio      .block\nb = 1\n        .bend\n";
    for args in [
        &["-o", "s.prg", "--labels-root=nosuch", "-l", "y.lbl"][..],
        &[
            "-o",
            "s.prg",
            "-l",
            "z.lbl",
            "--labels-root=io.b",
            "-l",
            "y.lbl",
            "-L",
            "s.lst",
        ],
    ] {
        let t = twins("labels-root-fatal", WARNS, &[], args);
        let theirs = text(&t.tass_out.stderr);
        assert!(
            theirs.starts_with("64tass: fatal error: scope '"),
            "{}",
            both(&t.tass_out)
        );
        assert_eq!(theirs.lines().count(), 1, "{}", both(&t.tass_out));
        assert_eq!(
            text(&t.kit_out.stderr),
            theirs.strip_prefix("64tass: ").unwrap(),
            "{}",
            both(&t.kit_out)
        );
        assert_eq!(t.kit_out.status.code(), t.tass_out.status.code());
        assert_eq!(t.kit_out.status.code(), Some(1));
        assert_eq!(t.kit.names(), ["s.asm"]);
    }
}

#[test]
fn export_labels_assembles_the_procs_of_the_listed_scope() {
    // Without --export-labels the unused `.proc` p is left out; exported, the procs
    // directly in the listed scope are assembled (and listed), nested ones are not.
    let plain = twins("export-plain", SCOPES, &[], &["-o", "s.prg", "-l", "s.lbl"]);
    plain.both_succeed().same("s.prg").same("s.lbl");
    for args in [
        &[
            "-o",
            "s.prg",
            "--export-labels",
            "--labels-root=exp",
            "-l",
            "s.lbl",
        ][..],
        &["-o", "s.prg", "--export-labels", "-l", "s.lbl"],
        &[
            "-o",
            "s.prg",
            "--export-labels",
            "--labels-root=exp",
            "-l",
            "s.lbl",
            "--export-labels",
            "-l",
            "all.lbl",
            "--vice-labels",
            "-l",
            "v.lbl",
        ],
    ] {
        let t = twins("export", SCOPES, &[], args);
        t.both_succeed().same("s.prg").same("s.lbl");
    }
    let exported = twins(
        "export-bytes",
        SCOPES,
        &[],
        &[
            "-o",
            "s.prg",
            "--export-labels",
            "--labels-root=exp",
            "-l",
            "s.lbl",
        ],
    );
    assert_eq!(
        read(&plain.kit.0, "s.prg").len() + 3,
        read(&exported.kit.0, "s.prg").len()
    );
    assert!(text(&read(&exported.kit.0, "s.lbl")).contains("p\t\t= $1002\n"));
}

/// An export marks only what a look-up finds: a `.weak` definition that a
/// stronger one hides stays unread, so the `.proc` only it names is left out
/// and every later address stays where 64tass puts it. A music editor's MIDI
/// library names its buffer so, under a name the editor defines itself
/// (found by tools/asm-mutation-compare, seed 745: 32 bytes moved, no message).
#[test]
fn export_labels_leave_a_hidden_weak_definition_unread() {
    const WEAK: &str = "\
        * = $1000
buf     .fill 4
        .weak
buf     = lib.own
        .endweak
lib     .block
own     .proc
        .fill 32
        .pend
        .bend
        lda buf
";
    for args in [
        &["-o", "s.prg", "-l", "s.lbl"][..],
        &["-o", "s.prg", "--export-labels", "-l", "s.lbl"],
        &[
            "-o",
            "s.prg",
            "--export-labels",
            "-l",
            "s.lbl",
            "-l",
            "v.lbl",
        ],
    ] {
        let t = twins("export-weak", WEAK, &[], args);
        t.both_succeed().same("s.prg").same("s.lbl");
        assert_eq!(read(&t.kit.0, "s.prg"), [0x04, 0x10, 0xad, 0x00, 0x10]);
    }
}

/// An exported symbol whose value is an error (an undefined name, a division
/// by zero) fails the build where 64tass writes the list, even though nothing
/// reads it; the same one inside a `.block`, or in a tuple, does not, and
/// without `--export-labels` nothing does (found by tools/asm-mutation-compare).
#[test]
fn export_labels_report_an_exported_symbols_error() {
    for (source, fails) in [
        (
            "x = missing\ny = 2\n",
            Some("s.asm:1:5: error: not defined symbol 'missing'"),
        ),
        (
            "y = 2\nx := 1/0\n",
            Some("s.asm:2:7: error: division by zero int '0'"),
        ),
        (
            "  .weak\nx = missing\n  .endweak\n",
            Some("s.asm:2:5: error: not defined symbol 'missing'"),
        ),
        ("b .block\nx = missing\n  .bend\n", None),
        ("x = (1, missing)\n", None),
    ] {
        for export in [true, false] {
            let mut args = vec!["-o", "s.prg"];
            if export {
                args.push("--export-labels");
            }
            args.extend(["-l", "s.lbl"]);
            let t = twins("export-error", source, &[], &args);
            let expected = fails.filter(|_| export);
            let tass = text(&t.tass_out.stderr);
            assert_eq!(
                tass.lines().next().filter(|l| l.contains("error")),
                expected,
                "{source}: 64tass: {tass}"
            );
            assert_eq!(
                t.kit_out.status.success(),
                expected.is_none(),
                "{source}: {}",
                both(&t.kit_out)
            );
            if let Some(e) = expected {
                let (place, message) = e.split_once(": error: ").unwrap();
                let ours = text(&t.kit_out.stderr);
                assert!(
                    ours.contains(&format!("error: {message}\n  --> {place}")),
                    "{source}: {ours}"
                );
            } else {
                t.same("s.prg").same("s.lbl");
            }
        }
    }
}

// The --*-append options

#[test]
fn append_options_add_to_the_end_of_existing_files() {
    let before = [
        ("o.prg", "old\n"),
        ("s.lbl", "; labels\n"),
        ("m.txt", "; map\n"),
    ];
    twins(
        "append",
        SECTIONS,
        &before,
        &[
            "--output-append",
            "o.prg",
            "--output-section",
            "loader",
            "--map-append",
            "m.txt",
            "--output-append",
            "new.prg",
            "--labels-append",
            "s.lbl",
            "--vice-labels",
            "--labels-append",
            "new.lbl",
        ],
    )
    .both_succeed()
    .same("o.prg")
    .same("new.prg")
    .same("s.lbl")
    .same("new.lbl")
    .same("m.txt");
}

#[test]
fn list_and_error_append_keep_what_was_there() {
    let dir = TempDir::new("append-list");
    dir.write("s.asm", GOOD);
    dir.write("s.lst", "; earlier listing\n");
    let out = c64kit(&dir.0)
        .args(["build", "-q", "s.asm", "--list-append", "s.lst"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let list = std::fs::read_to_string(dir.path("s.lst")).unwrap();
    // As 64tass, without the title line that names the tool.
    assert!(list.starts_with("; earlier listing\n\n\n;Offset"), "{list}");
    assert!(
        list.contains(".0801\ta9 01\t\tlda #$01\tstart   lda #1\n"),
        "{list}"
    );
    // Errors: 64tass adds them to the end too.
    dir.write("bad.asm", " jmp nowhere\n");
    dir.write("e.txt", "; earlier errors\n");
    let out = c64kit(&dir.0)
        .args(["build", "bad.asm", "--error-append", "e.txt"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let errors = std::fs::read_to_string(dir.path("e.txt")).unwrap();
    assert!(
        errors.starts_with("; earlier errors\nerror: not defined symbol 'nowhere'"),
        "{errors}"
    );
}

#[test]
fn an_error_file_is_written_when_there_is_nothing_to_say() {
    // 64tass opens the -E file at any rate: a clean build leaves it empty, and
    // --error-append leaves what was there (a Makefile's `--error=x.err` target).
    let dir = TempDir::new("error-file-empty");
    dir.write("s.asm", GOOD);
    dir.write("old.txt", "; earlier errors\n");
    for args in [
        ["-E", "e.txt"],
        ["--error-append", "new.txt"],
        ["--error-append", "old.txt"],
    ] {
        let out = c64kit(&dir.0)
            .args(["build", "-q", "s.asm"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", both(&out));
    }
    assert_eq!(std::fs::read_to_string(dir.path("e.txt")).unwrap(), "");
    assert_eq!(std::fs::read_to_string(dir.path("new.txt")).unwrap(), "");
    assert_eq!(
        std::fs::read_to_string(dir.path("old.txt")).unwrap(),
        "; earlier errors\n"
    );
}

#[cfg(unix)]
#[test]
fn appending_writes_through_links_and_never_to_an_input() {
    let dir = TempDir::new("append-links");
    dir.write("s.asm", TINY);
    dir.write("real.prg", "A");
    std::os::unix::fs::symlink("real.prg", dir.path("link.prg")).unwrap();
    dir.write("hard.lbl", "B\n");
    std::fs::hard_link(dir.path("hard.lbl"), dir.path("other.lbl")).unwrap();
    let out = c64kit(&dir.0)
        .args([
            "build",
            "-q",
            "s.asm",
            "--output-append",
            "link.prg",
            "--labels-append",
            "hard.lbl",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    assert!(
        std::fs::symlink_metadata(dir.path("link.prg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read(dir.path("real.prg")).unwrap(),
        b"A\x01\x08\x60"
    );
    let both_names = std::fs::read_to_string(dir.path("other.lbl")).unwrap();
    assert!(
        both_names.starts_with("B\nstart\t\t= $0801\n"),
        "{both_names}"
    );
    // An append target that is an input is refused, and nothing is written.
    let out = c64kit(&dir.0)
        .args([
            "build",
            "-q",
            "s.asm",
            "-o",
            "n.prg",
            "--labels-append",
            "s.asm",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("--labels-append s.asm is the source; refusing to overwrite an input"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(dir.path("s.asm")).unwrap(), TINY);
    assert!(!dir.path("n.prg").exists());
}

#[test]
fn a_failing_build_appends_nothing() {
    let dir = TempDir::new("append-fail");
    dir.write("s.asm", GOOD);
    dir.write("o.prg", "keep");
    let out = c64kit(&dir.0)
        .args([
            "build",
            "-q",
            "s.asm",
            "--output-append",
            "o.prg",
            "--labels",
            "missing/x.lbl",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("nothing written"),
        "{}",
        both(&out)
    );
    assert_eq!(std::fs::read_to_string(dir.path("o.prg")).unwrap(), "keep");
    assert_eq!(dir.names(), ["o.prg", "s.asm"]);
}

/// A build that fails after its last pass (an error only that pass finds,
/// a `.error`) or whose listing can't be written (a missing directory, a
/// directory) writes nothing: the listing and label file there keep their
/// bytes and no temporary is left beside them.
#[test]
fn a_failing_build_leaves_an_existing_listing_and_label_file_untouched() {
    let dir = TempDir::new("list-fail");
    std::fs::create_dir(dir.path("d.lst")).unwrap();
    let far = "* = $0801\n        bne far\n        .fill 300\nfar     rts\n";
    let stop = "* = $0801\n        lda #1\n        .error \"stop\"\n";
    let failing: &[(&str, &[&str])] = &[
        (far, &["-L", "x.lst"]),
        (stop, &["-L", "x.lst"]),
        (GOOD, &["-L", "missing/x.lst"]),
        (GOOD, &["-L", "d.lst"]),
        (GOOD, &["-L", "x.lst", "--list-append", "d.lst"]),
    ];
    for (source, listing) in failing {
        dir.write("s.asm", source);
        dir.write("x.lst", "my listing");
        dir.write("x.lbl", "my labels");
        let mut args = vec!["build", "-q", "s.asm", "-o", "x.prg", "-l", "x.lbl"];
        args.extend_from_slice(listing);
        let out = c64kit(&dir.0).args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains("nothing written"),
            "{args:?}: {}",
            both(&out)
        );
        assert_eq!(
            std::fs::read_to_string(dir.path("x.lst")).unwrap(),
            "my listing"
        );
        assert_eq!(
            std::fs::read_to_string(dir.path("x.lbl")).unwrap(),
            "my labels"
        );
        assert_eq!(
            dir.names(),
            ["d.lst", "s.asm", "x.lbl", "x.lst"],
            "{args:?}"
        );
    }
}

// What is not there

/// ... and reported in 64tass's words ("fatal error: option '--output-exec=x'
/// not recognized", the option as given), as other options it doesn't know.
#[test]
fn options_newer_than_64tass_1_58_are_unknown_as_in_64tass() {
    for flag in [
        "--labels-section=x",
        "--labels-add-prefix=x",
        "--output-exec=x",
        "--c256-pgx",
        "-O",
        "--c256-pgz",
        "-Q",
    ] {
        let t = twins("newer", GOOD, &[], &[flag]);
        assert!(
            text(&t.tass_out.stderr).contains("not recognized"),
            "{}",
            both(&t.tass_out)
        );
        t.refused_as_option();
        assert_eq!(t.kit.names(), ["s.asm"]);
    }
}

/// A `-W` name 64tass doesn't know (`-Werror=` and `-Wno-error=` take the
/// name of one warning only, so `-Werror=unused` too) is its fatal error,
/// in its words, as for any other unknown option: nothing is assembled.
#[test]
fn an_unknown_warning_name_is_64tass_fatal_error() {
    for flag in ["-Wfoo", "-Werror=unused", "-Wno-error=foo", "-Wno-foo"] {
        twins("unknown-w", GOOD, &[], &[flag, "-o", "s.prg"])
            .refused_as_option()
            .absent("s.prg");
    }
}

/// Without the source column (`-s`) a row without bytes is left out, and
/// so is a pseudo branch that needs no instruction (`gne` to the next line,
/// a `geq` never taken with `-B`), as 64tass lists it.
#[test]
fn a_listing_without_source_leaves_out_branches_that_need_no_bytes() {
    const SOURCE: &str = "* = $1000
	gpl next
next	nop
	lda #1
	geq +
	gne +
+	lda #1
	gcc @b next
	rts
";
    for columns in [
        &["-s"][..],
        &["-m", "-s"],
        &["-s", "--verbose-list"],
        &["-s", "--line-numbers"],
    ] {
        let mut args = vec!["-B", "-L", "s.lst"];
        args.extend_from_slice(columns);
        twins("no-source", SOURCE, &[], &args)
            .both_succeed()
            .same_listing("s.lst");
    }
}

/// A label alone inside `.logical` runs elsewhere than it is stored, but
/// 64tass counts a line without bytes for the `;PC` column only where the
/// source is listed: without it, no column (c64kit added one).
#[test]
fn a_label_alone_in_logical_adds_the_pc_column_only_with_the_source() {
    const SOURCE: &str = "* = $0801
	lda #1
	.logical $c000
start
	.here
	sta $d020
	rts
";
    for columns in [
        &[][..],
        &["-s"],
        &["-s", "--line-numbers"],
        &["--verbose-list"],
    ] {
        let mut args = vec!["-L", "s.lst"];
        args.extend_from_slice(columns);
        twins("label-in-logical", SOURCE, &[], &args)
            .both_succeed()
            .same_listing("s.lst");
    }
}

/// A listing row keeps some of what it shows by runs of rows (how far the
/// program counter is from the offset, the memory, the processor settings)
/// and a row without bytes keeps its kind's number where a row of bytes keeps
/// its byte count: every kind of row, `.logical`, a section moved after its
/// fragments, a 65816 stretch with a data bank, direct page and wide
/// immediates, `.proff`, a loop's label and an include list as 64tass lists
/// them under each column option.
#[test]
fn listing_rows_of_every_kind_are_64tass_rows() {
    const SOURCE: &str = "; rows of every kind, with what a row keeps by runs
        * = $1000
zp      = $fb
name    = \"text\"
        .include \"inc.asm\"
start   lda #1
        .logical $4000
moved   jsr start
        .byte 1, 2, 3
        .here
        .section code
coded   nop
        .send
        .cpu \"65816\"
        .databank $12
        .dpage $0300
        .al
        .xl
        lda #$1234
        lda $0310
        .cpu \"6502\"
        .proff
        nop
        .pron
lst     .brept 2
        .byte 7
        .endrept
        .fill 40, $ea
        bne start
        .section code
        rts
        .send
        .dsection code
-       jmp -
";
    const INCLUDED: &str = "included lda zp\n        .word included\n";
    for extra in [
        &[][..],
        &["--verbose-list"],
        &["--line-numbers"],
        &["--no-monitor"],
        &["--no-source"],
        &["--tab-size", "3"],
        &["--verbose-list", "--line-numbers", "--tab-size", "1"],
    ] {
        let mut args = vec!["-a", "-L", "s.lst", "-o", "s.prg"];
        args.extend_from_slice(extra);
        twins("rows", SOURCE, &[("inc.asm", INCLUDED)], &args)
            .both_succeed()
            .same("s.prg")
            .same_listing("s.lst");
    }
}

/// A constant holding a macro, a function, a structure or a built-in
/// inside a list, tuple or dictionary (a table of effect macros) has no
/// form a listing or a label file can show: 64tass leaves its `=` column
/// empty and the label out of `-l`, as for the macro itself.
#[test]
fn lists_of_macros_and_functions_are_not_shown_in_listings_or_label_files() {
    let source = "        * = $1000
m       .macro
        .endm
f       .function a
        .endf a
s       .struct
x       .byte ?
        .ends
a1      = [m]
a2      = (m,)
a3      = [1, m]
a4      = m
a5      = [[m]]
a6      = [f]
a7      = [s]
a8      = [1, 2]
a9      = {1: m}
a10     = [len]
a11     = [a8]
a12     = [\"x\", (1, 2)]
        rts
";
    twins(
        "macro-lists",
        source,
        &[],
        &["-a", "-L", "s.lst", "-l", "s.lbl", "-o", "s.prg"],
    )
    .both_succeed()
    .same("s.prg")
    .same("s.lbl")
    .same_listing("s.lst");
}

/// A `.virtual` block of the 65816 past 64 KiB without `-X` (a SNES
/// project's work RAM at `$800000`): 64tass lists a label's and a data
/// line's first offset in full (one column when it is the program counter),
/// an instruction's and the later data rows' within the image.
#[test]
fn listing_of_a_virtual_block_past_64k_is_64tass_listing() {
    let source = "        .cpu \"65816\"
        * = $1000
        nop
        .virtual $800036
v1      .word ?
v2      .byte ?
lab
        .byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
        lda #1
        .endv
        .virtual $80ffe0
        .byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
lab2    lda #2
        .endv
        .virtual $12345
v3      .word ?
        .endv
        lda v1
";
    for extra in [
        &[][..],
        &["--no-source"],
        &["--no-monitor"],
        &["--verbose-list"],
    ] {
        let mut args = vec!["-a", "-L", "s.lst", "-o", "s.prg"];
        args.extend_from_slice(extra);
        twins("virtual-past-64k", source, &[], &args)
            .both_succeed()
            .same("s.prg")
            .same_listing("s.lst");
    }
}

/// A line whose bytes run past the end of memory (`* = $ffff` and a
/// `.word`) is listed as 64tass lists it: the byte before the end, then one
/// row from $0000 with the rest of the line's values.
#[test]
fn listing_rows_across_the_end_of_memory_are_64tass_rows() {
    let source = "*       = $ffff
        .word (+), 10
        .byte 1, 2, 3
+       .word 0
*       = $fffe
        .byte 1, 2, 3, 4
        .text \"abc\"
";
    for extra in [&[][..], &["--verbose-list"], &["-X"]] {
        let mut args = vec!["-a", "-L", "s.lst", "-o", "s.prg"];
        args.extend_from_slice(extra);
        twins("wrap-rows", source, &[], &args)
            .both_succeed()
            .same("s.prg")
            .same_listing("s.lst");
    }
}

/// Characters that do not print — the no-break space of a French comment,
/// other spaces, zero-width and format characters, private use — are
/// listed as 64tass lists them (`<A0>`, `<U+200B>`), in source and value
/// columns, read as UTF-8 (`-a`) and as bytes.
#[test]
fn listing_writes_non_printing_characters_as_64tass_does() {
    let source = "        * = $1000
        lda #1          ; la routine \u{a0}\u{e0}\u{a0}froid, \u{ab}\u{a0}ok\u{a0}\u{bb}
        nop             ; em\u{2003}space, zero\u{200b}width, bom\u{feff}, pua\u{e000}, nbsp\u{202f}
        rts             ; soft\u{ad}hyphen, ideographic\u{3000}space, non\u{fffe}char, lrm\u{200e}
text    = \"a\u{a0}b\u{200b}c\"
        .text \"x\"      ; \u{a1}\u{bf}\u{e9}\u{20ac}\u{1d11e} all printing
";
    for unicode in [false, true] {
        for extra in [&[][..], &["--verbose-list"], &["--no-monitor"]] {
            let mut args = vec!["-L", "s.lst", "-o", "s.prg"];
            if unicode {
                args.push("-a");
            }
            args.extend_from_slice(extra);
            twins("non-printing", source, &[], &args)
                .both_succeed()
                .same("s.prg")
                .same_listing("s.lst");
        }
    }
}

/// Listing rows of the shapes the writer pads and cuts: tabs at every
/// column of a line, lines longer than every column, a label past the
/// columns, text past ASCII in comments and values (a byte past ASCII read
/// without `-a` is shown as `<82>` in the value column too), long byte runs
/// (folded repeats, 16 bytes a row), `.bend`/`.pend` rows and macro
/// expansions, with `--verbose-list`, `--no-monitor`, `--no-source`,
/// `--line-numbers` and tab sizes, each listing as 64tass writes it.
#[test]
fn listing_rows_of_long_tabbed_and_unicode_lines_are_64tass_rows() {
    let tabbed: String = (0..10)
        .map(|k| {
            let lead = "\t".repeat(k % 3) + &" ".repeat(k);
            format!("{lead}\tnop\t; tab\tat {k}\tcolumns\n")
        })
        .collect();
    let long = format!("; {}", "long line ".repeat(30));
    let source = format!(
        "; listing shapes
        * = $0801
{tabbed}{long}
        lda #1          {long}
longname_that_runs_past_the_columns_of_the_listing_row lda #2
name    = \"a string long enough to pass every column of the listing row easily\"
short   = \"\u{e4}\u{20ac}\"
        .text \"gr\", \"ss\"    ; gr\u{fc}\u{df}e, \u{e7}a va? \u{bd} \u{20ac}
        ; a comment with \u{fc} and \u{20ac} and \u{1d11e}
        .byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
        .fill 300, $ea
        .fill 100, [1,2,3,4]
        .word 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
blk     .block
inner   nop
        .bend
prc     .proc
        rts
        .pend
mac     .macro
        lda #\\1
        .byte \\2, \\1
_lbl    nop
        .endm
        #mac 1, 2
lab     #mac 3, 4
        mac 5, 6
cnt     .var 0
        .rept 3
        .byte cnt
cnt     .var cnt + 1
        .endrept
        .if 0
        nop
        .else
        clc
        .endif
        rts
"
    );
    for unicode in [false, true] {
        for extra in [
            &[][..],
            &["--verbose-list"],
            &["--no-monitor"],
            &["--no-source"],
            &["--no-monitor", "--no-source"],
            &["--verbose-list", "--no-monitor"],
            &["--verbose-list", "--no-source", "--line-numbers"],
            &["--line-numbers", "--tab-size", "3"],
            &["--tab-size", "1"],
            &["--tab-size", "5", "--verbose-list"],
            &["--tab-size", "12", "--line-numbers", "--no-monitor"],
        ] {
            let mut args = vec!["-L", "s.lst", "-o", "s.prg"];
            if unicode {
                args.push("-a");
            }
            args.extend_from_slice(extra);
            twins("long-rows", &source, &[], &args)
                .both_succeed()
                .same("s.prg")
                .same_listing("s.lst");
        }
    }
}

/// `--tab-size N` lines the listing's and the label list's columns up with
/// tabs N wide, as 64tass does (spaces for the rest; with a size that does
/// not divide 8, 64tass's listing counts its spaces from the last tab stop),
/// and `--no-monitor` / `--no-source` leave their column, its title and (for
/// the source) the rows without bytes out, with 4 / 16 bytes on a data row.
#[test]
fn tab_size_and_columns_shape_the_listing_and_labels_as_in_64tass() {
    const SOURCE: &str = "* = $1000
origin = $c70
a_name_longer_than_sixteen = 5
\t.logical $2000
here\tnop
\t.here
\t.byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
\t.fill 64, 0
\t.fill 3
text = \"a string value\"
-\tbne -
";
    for tab in ["1", "3", "4", "5", "8", "9", "12"] {
        for columns in [
            &[][..],
            &["--no-monitor"],
            &["--no-source"],
            &["--verbose-list"],
        ] {
            let mut args = vec!["--tab-size", tab, "-L", "s.lst", "-l", "s.lbl"];
            args.extend_from_slice(columns);
            twins(&format!("tab{tab}"), SOURCE, &[], &args)
                .both_succeed()
                .same("s.lbl")
                .same_listing("s.lst");
        }
    }
}

/// Label files in every format 64tass 1.58 writes as it writes them
/// (`--simple-labels` and `--mesen-labels` are newer: see `labels.rs`'s
/// tests), written piece by piece: nested scopes (`:` for VICE), variables, names past the `=`
/// column under tab sizes that do and do not divide it, negative and wide
/// values, a `.proc`'s size (Mesen), strings and lists, anonymous labels
/// left out, and labels before directives and `*=` (listed with their
/// address, the listing beside them also as 64tass lists it).
#[test]
fn label_files_of_every_format_are_64tass_files() {
    const SOURCE: &str = "* = $1000
neg = -42
big = $123456
huge = $12345678
str = \"text\"
lst = [1, 2]
a_name_longer_than_sixteen = 5
exactly_fifteen = 6
exactly_sixteen_ = 7
var := 3
outer .block
one     lda #1
two = $20
inner   .block
deep      rts
          .bend
        .bend
p       .proc
        ldx #2
        rts
        .pend
        jsr p
lab     .byte 1, 2
dir     .fill 2
-       bne -
+       nop
star    *= $1100
glob    rts
";
    for tab in ["1", "3", "8"] {
        for format in [
            &[][..],
            &["--normal-labels"],
            &["--vice-labels"],
            &["--vice-labels-numeric"],
            &["--export-labels"],
            &["--vice-labels", "--labels-root=outer"],
        ] {
            let mut args = vec![
                "--tab-size",
                tab,
                "-L",
                "s.lst",
                "-l",
                "s.lbl",
                "-o",
                "s.prg",
            ];
            args.extend_from_slice(format);
            twins(&format!("labels{tab}"), SOURCE, &[], &args)
                .both_succeed()
                .same("s.prg")
                .same("s.lbl")
                .same_listing("s.lst");
        }
    }
}

/// `--line-numbers`: each file entered gets its number (`:1`) in the first
/// column, each row its line, with `:file` when the line comes from another
/// file than the one entered last (a macro's body); the first file's lines
/// go without, a `-D` file is file 0, and a value too long for its column
/// gets a line of its own, all as in 64tass.
#[test]
fn line_numbers_name_each_row_line_and_file_as_in_64tass() {
    const SOURCE: &str = "m .macro
 lda #\\1
 .endm
.include \"mac.asm\"
* = $1000
 nop
 #m 3
 #n 4
.include \"inc.asm\"
 rts
";
    const INC: &str = " nop

 .byte 1,?,2
 .byte 1,2,3,4,5,6,7,8,9,10
 #m 5
 #n 6
.include \"deep.asm\"
lab
c = \"a value that is too long for the column here\"
d = \"a value that is much too long for the column here, longer than the source column\"
lst .brept 2
 inx
 .next
";
    let files = [
        ("inc.asm", INC),
        ("deep.asm", " iny\n\n dey\n"),
        ("mac.asm", "n .macro\n ldy #\\1\n .endm\n"),
    ];
    for extra in [
        &[][..],
        &["-D", "X=1"],
        &["--verbose-list"],
        &["--no-monitor"],
        // With a tab size that does not divide 8, a row of only source
        // (`* = `, `.include`, a long value's source row) is padded from
        // its line number straight to the source column.
        &["--verbose-list", "--tab-size", "3"],
        &["--verbose-list", "--tab-size", "12"],
        &["--tab-size", "5"],
    ] {
        let mut args = vec!["--line-numbers", "-L", "s.lst"];
        args.extend_from_slice(extra);
        twins("numbers", SOURCE, &files, &args)
            .both_succeed()
            .same_listing("s.lst");
    }
}

#[test]
fn verbose_listing_lists_comments_too() {
    let dir = TempDir::new("verbose");
    dir.write("s.asm", "; a comment\n* = $1000\n\n nop\n");
    let out = c64kit(&dir.0)
        .args(["build", "s.asm", "--verbose-list", "-L", "s.lst", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lst = std::fs::read_to_string(dir.0.join("s.lst")).unwrap();
    let body: Vec<&str> = lst
        .lines()
        .skip_while(|l| !l.starts_with(";******  Processing"))
        .collect();
    assert_eq!(
        body[2..6],
        [
            "\t\t\t\t\t; a comment",
            "\t\t\t\t\t* = $1000",
            "",
            ".1000\tea\t\tnop\t\t nop"
        ],
        "{lst}"
    );
}

/// `-T` (`--tasm-compatible`) builds as 64tass does: TASM's expressions,
/// left to right in 16-bit words, `!` for a word address, the listing and
/// the label file alike.
#[test]
fn tasm_mode_builds_like_64tass() {
    let src = "* = $1000\nstart lda #<start+$101\n lda 2+3*4\n lda !$12\n .word 1-2, 6.3\n";
    for flag in ["--tasm-compatible", "-T"] {
        let dir = TempDir::new("tasm-mode");
        dir.write("s.asm", src);
        let out = c64kit(&dir.0)
            .args(["build", "s.asm", flag, "-o", "s.prg", "-l", "s.lbl"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let prg = std::fs::read(dir.path("s.prg")).unwrap();
        assert_eq!(
            prg,
            [
                0x00, 0x10, 0xa9, 0x01, 0xa5, 0x14, 0xad, 0x12, 0x00, 0xff, 0xff, 0x07, 0x00
            ]
        );
        let tass = Command::new("64tass")
            .current_dir(&dir.0)
            .args(["-q", "s.asm", flag, "-o", "t.prg", "-l", "t.lbl"])
            .status()
            .expect("64tass is installed (the tests compare with it)");
        assert!(tass.success());
        assert_eq!(prg, std::fs::read(dir.path("t.prg")).unwrap());
        assert_eq!(
            std::fs::read_to_string(dir.path("s.lbl")).unwrap(),
            std::fs::read_to_string(dir.path("t.lbl")).unwrap()
        );
    }
}

// The example in docs/assembler.md

#[test]
fn the_documented_example_writes_what_64tass_writes() {
    let md =
        std::fs::read_to_string(Path::new(cli_support::ROOT).join("docs/assembler.md")).unwrap();
    let heading = "### Several files, sections and scopes";
    let section = &md[md.find(heading).expect("the section")..];
    let asm = &section[section.find("```asm\n").unwrap() + 7..];
    let asm = &asm[..asm.find("```").unwrap()];
    let lines = cli_support::sh_block(&md, heading);
    let words = cli_support::split_shell_words(&lines[0]);
    assert_eq!(
        words[..4],
        ["c64kit", "build", "-q", "game.asm"],
        "{}",
        lines[0]
    );
    // `twins` gives the source as s.asm.
    let args: Vec<&str> = words[4..].iter().map(String::as_str).collect();
    let t = twins("doc", asm, &[], &args);
    t.both_succeed()
        .same("main.prg")
        .same("loader.bin")
        .same("loader.lbl")
        .same("game.vice")
        .same_but_header("loader.map", 1, 1);
    assert_eq!(text(&read(&t.kit.0, "loader.lbl")), "fetch\t\t= $c000\n");
}

#[test]
fn a_map_without_an_output_maps_the_whole_program() {
    // 64tass 1.58 crashes on `--no-output --map`; c64kit writes the program's map,
    // its sections named as in 64tass's map of an output.
    let dir = TempDir::new("map-no-output");
    dir.write("s.asm", SECTIONS);
    let out = c64kit(&dir.0)
        .args(["build", "-q", "s.asm", "--no-output", "--map", "s.map"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let map = std::fs::read_to_string(dir.path("s.map")).unwrap();
    assert!(
        map.ends_with(
            "Section:       8   $0801-$0808   $0008   .-main\n\
             Data:          5   $0801-$0805   $0005   |\n\
             Data:          2   $0806-$0807   $0002   | main.inner\n\
             Data:          1   $0808-$0808   $0001   |\n\
             Data:          3   $0809-$080b   $0003     data\n\
             Gap:       47092   $080c-$bfff   $b7f4\n\
             Data:          3   $c000-$c002   $0003     loader\n"
        ),
        "{map}"
    );
    assert_eq!(dir.names(), ["s.asm", "s.map"]);
}

/// `-X` beside a format with a 64 KiB image (MOS hex, Apple II, Atari):
/// 64tass assembles every output in 64 KiB, so offsets wrap there (a warning,
/// the listing's offsets), and the CBM file beside it wraps too, keeping its
/// 3-byte load address. The listing's program counter goes back with the
/// offset, in the 65816's bank as elsewhere.
#[test]
fn long_address_beside_a_64k_format_assembles_in_64k() {
    let source = " .cpu \"65816\"\n* = $12fff0\n .fill 32,1\n nop\n";
    for format in ["--mos-hex", "--apple-ii", "--atari-xex"] {
        let t = twins(
            "long-64k",
            source,
            &[],
            &[
                "-X",
                format,
                "-o",
                "b.out",
                "--cbm-prg",
                "-o",
                "a.prg",
                "-L",
                "s.lst",
            ],
        );
        t.both_succeed()
            .same("a.prg")
            .same("b.out")
            .same_listing("s.lst");
        for out in [&t.tass_out, &t.kit_out] {
            assert_eq!(both(out).matches("compile offset overflow").count(), 1);
        }
    }
}

/// A 65816 game's background, 300 KiB put with `.binary` at a bank of its
/// own, in a build writing Intel HEX and MOS hex: the MOS output makes 64tass
/// assemble everything in 64 KiB, so the block wraps at its end four times,
/// and the Intel HEX and S-record files carry it as wrapped records with no
/// extended address record (c64kit wrapped it once, then wrote banks 1 to 3
/// with `:02000004` records).
#[test]
fn a_block_longer_than_the_64k_image_wraps_every_time_in_every_output() {
    let source = " .cpu \"65816\"\n* = $1a0000\nbackdrop .fill 300000, 1\n";
    let t = twins(
        "long-block-64k",
        source,
        &[],
        &[
            "-X",
            "--intel-hex",
            "-o",
            "a.hex",
            "--s-record",
            "-o",
            "a.srec",
            "--mos-hex",
            "-o",
            "a.mos",
        ],
    );
    t.both_succeed().same("a.hex").same("a.srec").same("a.mos");
    assert!(!text(&read(&t.kit.0, "a.hex")).contains(":02000004"));
}

/// A 65816 player's tune longer than the 64 KiB image of a CBM or raw output
/// (no `-X`): the block goes round the image as often as it is long, so the
/// map has the whole image as one `Data:` row, as 64tass's (c64kit wrapped it
/// once and mapped the rest as one row past the image's end).
#[test]
fn a_map_of_a_block_round_the_image_more_than_once_is_the_image() {
    let source = " .cpu \"65816\"\n* = $8000\ntune .fill $28000, 1\n .byte 7\n";
    for format in ["--cbm-prg", "-b", "-n"] {
        let t = twins(
            "map-round-64k",
            source,
            &[],
            &[format, "-o", "a.out", "--map", "a.map", "-L", "a.lst"],
        );
        t.both_succeed()
            .same("a.out")
            .same_but_header("a.map", 1, 1)
            .same_listing("a.lst");
    }
}

/// `-X` belongs to the outputs named after it, as 64tass's other output
/// switches do: a homebrew ROM's `.prg` written before it keeps its 2-byte
/// load address, the one after gets 3 bytes, and `--no-long-address` takes it
/// back for the next; the last output gets what stands at the end.
#[test]
fn long_address_applies_to_the_outputs_named_after_it() {
    let source = "* = $1000\nstart lda #1\n .fill 20\n rts\n";
    let lines: [&[&str]; 3] = [
        &["-o", "a.prg", "-X", "-o", "b.prg", "-n", "-o", "c.bin"],
        &["-X", "-o", "a.prg", "--no-long-address", "-o", "b.prg"],
        &[
            "-X",
            "-o",
            "a.prg",
            "--no-long-address",
            "-o",
            "b.prg",
            "-X",
        ],
    ];
    same_files_in_every_line("long-per-output", source, &lines);
}

/// `--no-map` takes back the map of the output it stands before (after the
/// last `-o`, the last output's, unless one was given for it), as 64tass 1.58
/// reads its options; and the last output's map is appended to when the last
/// `--map`/`--map-append` of the line appends, even one that names another
/// file: 64tass keeps one append switch for all maps (c64kit ignored
/// `--no-map` and kept each map's own switch).
#[test]
fn no_map_and_the_map_append_switch_follow_64tass() {
    let source = "* = $1000\n lda #1\n rts\n* = $2000\n .byte 1, 2\n";
    let lines: [&[&str]; 3] = [
        &[
            "--map", "a.map", "-o", "a.prg", "--no-map", "-o", "b.prg", "--map", "b.map",
        ],
        &["-o", "a.prg", "--map", "a.map", "--no-map"],
        &["--map", "a.map", "-o", "a.prg", "--map-append", "b.map"],
    ];
    same_outputs_in_every_line("no-map", source, &lines);
}

/// `--no-output` is one of 64tass's outputs too, written nowhere: a format
/// switch after it is its own, so an `-o` before it keeps the format it had
/// (as a C256 project's `-o x.hex ... --intel-hex ... --no-output` writes a
/// program, not Intel HEX; c64kit gave the last format to the last `-o`).
#[test]
fn no_output_takes_the_switches_after_it() {
    let source = "* = $1000\n lda #1\n rts\n";
    let lines: [&[&str]; 3] = [
        &["-o", "a.hex", "--intel-hex", "--no-output"],
        &["-o", "a.prg", "-X", "--no-output"],
        &["-o", "a.prg", "--no-output", "-o", "b.bin", "-b"],
    ];
    same_outputs_in_every_line("no-output-last", source, &lines);
}

/// An append to a file an earlier output of the same run writes (a label file
/// in two formats, two programs or two maps in one file, labels after the
/// listing) adds to it, as 64tass writes its files one after another: the
/// listing, the label files, then each output after its map (c64kit refused
/// the second name as the same file).
#[test]
fn an_append_to_a_file_written_before_adds_to_it() {
    let source = "* = $1000\nstart lda #1\n rts\n* = $2000\ndata .byte 1, 2\n";
    let lines: [&[&str]; 6] = [
        &[
            "-E",
            "e.txt",
            "-o",
            "a.bin",
            "-b",
            "--output-append",
            "a.bin",
        ],
        &[
            "-l",
            "a.lbl",
            "--vice-labels",
            "--labels-append",
            "a.lbl",
            "-o",
            "a.prg",
        ],
        &["-o", "a.bin", "-b", "--output-append", "a.bin"],
        &["--output-append", "a.bin", "-n", "--output-append", "a.bin"],
        &["-L", "a.lst", "--labels-append", "a.lst", "-o", "a.prg"],
        &[
            "--map",
            "a.map",
            "-o",
            "a.prg",
            "--map-append",
            "a.map",
            "-o",
            "b.prg",
        ],
    ];
    same_outputs_in_every_line("append-again", source, &lines);
}

/// Each command line run by both tools succeeds and writes the same files,
/// listings from their column titles on and maps but for the line that names
/// the tool.
fn same_outputs_in_every_line(tag: &str, source: &str, lines: &[&[&str]]) {
    let no_tool = |bytes: Vec<u8>| {
        let t = text(&bytes);
        let kept: Vec<&str> = t
            .split('\n')
            .filter(|l| !l.ends_with("memory map file"))
            .collect();
        kept.join("\n")
    };
    for (n, args) in lines.iter().enumerate() {
        let t = twins(&format!("{tag}-{n}"), source, &[], args);
        t.both_succeed();
        assert_eq!(t.tass.names(), t.kit.names(), "{args:?}");
        for name in t.tass.names() {
            if name.ends_with(".lst") {
                t.same_listing(&name);
            } else if name.ends_with(".map") {
                let (a, b) = (read(&t.tass.0, &name), read(&t.kit.0, &name));
                assert_eq!(no_tool(a), no_tool(b), "{name} of {args:?}");
            } else {
                t.same(&name);
            }
        }
    }
}

/// Each command line run by both tools succeeds and writes the same files.
fn same_files_in_every_line(tag: &str, source: &str, lines: &[&[&str]]) {
    for (n, args) in lines.iter().enumerate() {
        let t = twins(&format!("{tag}-{n}"), source, &[], args);
        t.both_succeed();
        for name in t.tass.names() {
            t.same(&name);
        }
    }
}

/// 64tass 1.58's switches that undo another (`--no-ascii`, `--warn`,
/// `--monitor`, ...): the later of the two counts, as in 64tass (c64kit
/// refused them as unknown options).
#[test]
fn switches_that_undo_another_count_in_order() {
    let source = "* = $1000\nLbl = 1\n lda #Lbl\n .text \"ab\"\n .word $12|$300\n beq near\n \
                  .fill 20\nnear nop\n lda $fb\n";
    let lines: [&[&str]; 10] = [
        &["-C", "--no-case-sensitive", "-o", "a.prg"],
        &["-a", "--no-ascii", "-o", "a.prg"],
        &["-T", "--no-tasm-compatible", "-o", "a.prg"],
        &["-B", "--no-long-branch", "-o", "a.prg"],
        &["-X", "--no-long-address", "-o", "a.prg"],
        &[
            "-L",
            "a.lst",
            "--verbose-list",
            "--no-verbose-list",
            "-o",
            "a.prg",
        ],
        &[
            "-L",
            "a.lst",
            "-m",
            "-s",
            "--monitor",
            "--source",
            "-o",
            "a.prg",
        ],
        &[
            "-L",
            "a.lst",
            "--line-numbers",
            "--no-line-numbers",
            "-o",
            "a.prg",
        ],
        &[
            "-M",
            "a.d",
            "--make-phony",
            "--no-make-phony",
            "-o",
            "a.prg",
        ],
        &[
            "-w",
            "--warn",
            "--no-quiet",
            "--caret-diag",
            "-Wall",
            "-o",
            "a.prg",
        ],
    ];
    for (n, args) in lines.iter().enumerate() {
        let t = twins(&format!("undo-{n}"), source, &[], args);
        t.both_succeed();
        for name in t.tass.names() {
            if name.ends_with(".lst") {
                t.same_listing(&name);
            } else {
                t.same(&name);
            }
        }
        assert_eq!(
            located_messages(&text(&t.tass_out.stderr), false),
            located_messages(&text(&t.kit_out.stderr), true),
            "{args:?}"
        );
    }
}

/// The messages of a run as `file:line:col: kind: text` lines, sorted: 64tass's
/// as it prints them, ours from each message's first line and its `-->`.
fn located_messages(stderr: &str, ours: bool) -> Vec<String> {
    let mut out = Vec::new();
    if ours {
        let mut head: Option<&str> = None;
        for line in stderr.lines() {
            if line.starts_with("warning: ") || line.starts_with("error: ") {
                head = Some(line);
            } else if let (Some(h), Some(at)) = (head, line.trim_start().strip_prefix("--> ")) {
                out.push(format!("{at}: {h}"));
                head = None;
            }
        }
    } else {
        out.extend(
            stderr
                .lines()
                .filter(|l| l.contains(": warning: ") || l.contains(": error: "))
                .map(str::to_string),
        );
    }
    out.sort();
    out
}

/// `--export-labels` reads the exported symbols at the end of every pass
/// (no `-Wunused` for them, variables reassigned in the pass too), and
/// `--labels-root` the scope it names; macros, structures, `.lbl` labels and
/// what sits in inner scopes are still reported (found by
/// tools/asm-mutation-compare on projects built with `-Wunused`).
#[test]
fn exported_symbols_are_read_for_unused_warnings() {
    let source = "  * = $1000\nunusedc = 5\nunusedv := 6\nunusedv := 7\nm .macro\n  nop\n  .endm\n\
                  s .struct\na .byte 0\n  .ends\nsub .proc\n  rts\n  .pend\nlab rts\n\
                  blk .block\ninner = 3\n  .bend\n";
    for extra in [
        &["--export-labels"][..],
        &[][..],
        &["--export-labels", "--labels-root=blk"][..],
        &["--labels-root=blk"][..],
    ] {
        let mut args = vec!["-Wunused", "-o", "s.prg"];
        args.extend(extra);
        args.extend(["-l", "s.lbl"]);
        let t = twins("export-unused", source, &[], &args);
        let tass = located_messages(&text(&t.tass_out.stderr), false);
        assert!(!tass.is_empty(), "{extra:?}: 64tass warned nothing");
        assert_eq!(
            located_messages(&text(&t.kit_out.stderr), true),
            tass,
            "{extra:?}"
        );
        t.same("s.prg").same("s.lbl");
    }
}

/// In an instruction's operand 64tass places a value where its text starts,
/// grouping brackets included, or just after its `#` or its indirection's
/// opening bracket (spaces after them too): messages about the value (a range
/// error here) go there.
#[test]
fn operand_values_are_placed_where_64tass_places_them() {
    let source = " lda #(2*3+1)*100\n lda #  2*1000\n lda #(a)*1000\n lda # (2*3+1)*100\n\
                  \x20lda #-(2*3+1)*100\n lda (a)*100000\n lda (a)*100000,x\n ldx (a)*100000,y\n\
                  \x20jmp ((a)*100000)\n jmp ( a*100000)\n lda (2*1000),y\n lda ( (a)*1000),y\n\
                  \x20lda ((2*3))*10000,x\n lda (2*300)\n lda #(2),y\n .byte (2*3+1)*100\n\
                  \x20.word ((a))*100000\na = 2\n";
    let t = twins("operand-places", source, &[], &["-a", "-o", "s.prg"]);
    let tass = located_messages(&text(&t.tass_out.stderr), false);
    assert_eq!(tass.len(), 17, "{tass:?}");
    assert!(tass.contains(
        &"s.asm:1:7: error: too large for a 8 bit unsigned integer int '700'".to_string()
    ));
    assert_eq!(located_messages(&text(&t.kit_out.stderr), true), tass);
}

/// `-Wwrap-pc` and `-Wwrap-mem` of a text directive are placed at the value
/// whose byte crossed the end, as 64tass places them (`.null`'s zero and
/// `.ptext`'s length go with the last and the first value).
#[test]
fn text_directive_wraps_are_placed_at_the_value() {
    let mut source = String::new();
    for (at, line) in [
        ("$fffe", ".text \"a\", \"b\", \"cd\""),
        ("$fffe", ".null \"a\", \"b\""),
        ("$fffe", ".ptext \"a\", \"bc\""),
        ("$ffff", ".ptext \"a\", \"bc\""),
        ("$fffe", ".shift \"a\", \"b\", \"cd\""),
        ("$fffe", ".text \"ab\", ?, \"c\""),
        ("$fffd", ".shiftl \"ab\", 1, 2"),
        ("$fffe", ".text 1, (2, 3)"),
        ("$fffe", "l .text \"abcd\""),
    ] {
        source.push_str(&format!("        * = {at}\n        {line}\n"));
    }
    let args = [
        "-a",
        "-Wwrap-pc",
        "-Wwrap-mem",
        "-o",
        "s.prg",
        "-L",
        "s.lst",
    ];
    let t = twins("text-wraps", &source, &[], &args);
    let tass = located_messages(&text(&t.tass_out.stderr), false);
    assert_eq!(tass.len(), 18, "{tass:?}");
    assert_eq!(located_messages(&text(&t.kit_out.stderr), true), tass);
    t.same("s.prg").same_listing("s.lst");
}

/// `-Wstrict-bool`: `!` of a code label or of `*` warns twice in 64tass, for
/// the code and for its address, which it then negates (found by
/// tools/asm-mutation-compare: `lda !*,x`).
#[test]
fn logical_not_of_code_warns_for_the_code_and_its_address() {
    let source = "        * = $0aa0\n        nop\n        nop\nprint0   lda !*,x\n        jmp !*\n\
                  l       .byte !l\n        .byte !print0\n";
    let t = twins(
        "not-code",
        source,
        &[],
        &["-a", "-Wstrict-bool", "-o", "s.prg"],
    );
    let tass = located_messages(&text(&t.tass_out.stderr), false);
    assert_eq!(tass.len(), 12, "{tass:?}");
    assert_eq!(located_messages(&text(&t.kit_out.stderr), true), tass);
    t.same("s.prg");
}

/// `-Werror` turns the switches' warnings into errors but leaves `.warn` and
/// `.cwarn` warnings, as 64tass does (found by tools/asm-mutation-compare).
#[test]
fn werror_leaves_user_warnings_warnings() {
    let source = " .cwarn $10000 > $ffff, \"big\"\n .warn \"w\"\n nop\n";
    let t = twins(
        "werror-warn",
        source,
        &[],
        &["-a", "-Werror", "-o", "s.prg"],
    );
    t.both_succeed().same("s.prg");
    let tass = located_messages(&text(&t.tass_out.stderr), false);
    assert_eq!(tass.len(), 2, "{tass:?}");
    assert_eq!(located_messages(&text(&t.kit_out.stderr), true), tass);
}

/// `-B`: a long branch to a target past the end of memory writes a jump with
/// 64tass's `-Wwrap-pbank` too, as a `jmp` written there would have (found by
/// tools/asm-mutation-compare).
#[test]
fn a_long_branch_past_the_program_bank_warns_for_its_jump() {
    let source = "        * = $1000\n beq * + $123456\n bra * + $123456\n bne * - $2000\n\
                  \x20bcc l + $10000\nl nop\n";
    let t = twins(
        "long-branch-pbank",
        source,
        &[],
        &["--m65c02", "-B", "-a", "-o", "s.prg"],
    );
    t.both_succeed().same("s.prg");
    let tass = located_messages(&text(&t.tass_out.stderr), false);
    assert_eq!(tass.len(), 7, "{tass:?}");
    assert_eq!(located_messages(&text(&t.kit_out.stderr), true), tass);
}

/// The hex formats list memory blocks in 64tass's order: a section linked in
/// with `.dsection` goes before the bytes written since the last jump, but
/// after a block a skip or a union closed (its next line back at the start,
/// then a skip to its end), where both then make one record (found by
/// tools/asm-mutation-compare: a `.dunion` then a section, in `--mos-hex`).
#[test]
fn hex_records_follow_64tass_block_order() {
    let section = " .section s\n .byte 0,$55\n .send s\n .dsection s\n";
    let sources = [
        format!(" .word ds\n{section}ds\n"),
        format!("u .union\ng .word 4\n .endu\n .dunion u\n{section}"),
        format!(" .union\n .word 4\n .byte 1,2,3\n .endu\n{section} .byte 9\n"),
        format!(" .byte 1\n .fill 2\n{section} .byte 9\n"),
        format!("u .union\ng .word 4\nh .byte 1,2,3\n .endu\n .byte 7\n .dunion u\n{section}"),
    ];
    for (n, source) in sources.iter().enumerate() {
        for format in ["--mos-hex", "--intel-hex", "--s-record"] {
            let t = twins("hex-order", source, &[], &["-a", format, "-o", "s.hex"]);
            assert!(
                t.kit_out.status.success(),
                "{n} {format}: {}",
                both(&t.kit_out)
            );
            t.same("s.hex");
        }
    }
}

/// Started under the name `64tass` (a link, as a Makefile or an editor that
/// calls `64tass` finds it on the PATH), c64kit is `c64kit build` with 64tass's
/// default output: `a.out`, byte for byte 64tass's, and no `s.prg`.
#[cfg(unix)]
#[test]
fn started_as_64tass_it_writes_a_out() {
    let source = "* = $0801\nstart lda #1\n sta $d020\n rts\n";
    let t = twins("as-64tass", source, &[], &["-l", "s.lbl"]);
    let link = t.kit.link_as_64tass();
    let _ = std::fs::remove_file(t.kit.path("s.prg"));
    let _ = std::fs::remove_file(t.kit.path("s.lbl"));
    let out = Command::new(&link)
        .current_dir(&t.kit.0)
        .args(["-q", "s.asm", "-l", "s.lbl"])
        .output()
        .expect("run c64kit as 64tass");
    assert!(out.status.success(), "{}", both(&out));
    t.same("a.out").same("s.lbl");
    assert!(!t.kit.path("s.prg").exists(), "{:?}", t.kit.names());

    // A bad option fails as 64tass's does, with exit status 1.
    let out = Command::new(&link)
        .current_dir(&t.kit.0)
        .args(["--no-such-option", "s.asm"])
        .output()
        .expect("run c64kit as 64tass");
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
}

/// 64tass's `-V`/`--version`, `--usage` and `-?` print their text to standard
/// output and stop, status 0, with a source named or not: nothing is assembled.
#[test]
fn version_usage_and_question_mark_print_and_stop_like_64tass() {
    for args in [
        &["-V"][..],
        &["--version"],
        &["--usage"],
        &["-?"],
        &["s.asm", "-V"],
        &["--usage", "s.asm"],
    ] {
        let tass = TempDir::new("files-info-64tass");
        let kit = TempDir::new("files-info-c64kit");
        tass.write("s.asm", " nop\n");
        kit.write("s.asm", " nop\n");
        let theirs = Command::new("64tass")
            .current_dir(&tass.0)
            .args(args)
            .output()
            .expect("64tass is needed to compare with it");
        let ours = c64kit(&kit.0).arg("build").args(args).output().unwrap();
        assert_eq!(ours.status.code(), theirs.status.code(), "{args:?}");
        assert_eq!(theirs.status.code(), Some(0), "{args:?}");
        assert!(
            !ours.stdout.is_empty() && ours.stderr.is_empty(),
            "{args:?}: {ours:?}"
        );
        assert_eq!(kit.names(), tass.names(), "{args:?}: nothing written");
    }
}

/// c64kit started as `64tass` (a link so named on the PATH, as a Makefile
/// finds it) heads its listing and memory map as 64tass does: 64tass's title,
/// its command line with the options first and the file names after them
/// (its `getopt` moves them), and the date; the map names 64tass. Only the
/// date line may differ. `--version` prints 64tass's version line.
#[test]
fn a_drop_in_64tass_heads_its_listing_and_map_as_64tass() {
    let bin = TempDir::new("files-drop-in-bin");
    bin.link_as_64tass();
    let path = std::env::join_paths(std::iter::once(bin.0.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    for args in [
        &[
            "-a", "s.asm", "-o", "x.prg", "-L", "x.lst", "--map", "x.map",
        ][..],
        &[
            "-Cq",
            "s.asm",
            "-ox.prg",
            "--list=x.lst",
            "--depend",
            "x.d",
            "-Dv=1",
            "--tab",
            "4",
            "--map=x.map",
        ],
        &[
            "-a",
            "-Wall",
            "-L",
            "x.lst",
            "--list-append",
            "x.lst",
            "--",
            "s.asm",
        ],
        &[
            "-a",
            "s.asm",
            "--no-monitor",
            "-I",
            ".",
            "-bo",
            "x.prg",
            "--list=x.lst",
            "-l",
            "x.lbl",
        ],
    ] {
        let tass = TempDir::new("files-drop-in-64tass");
        let kit = TempDir::new("files-drop-in-c64kit");
        let run = |dir: &TempDir, path: Option<&std::ffi::OsStr>| {
            dir.write("s.asm", "* = $1000\n lda #1\n");
            let mut cmd = Command::new("64tass");
            cmd.current_dir(&dir.0).args(args);
            if let Some(path) = path {
                cmd.env("PATH", path);
            }
            let out = cmd.output().expect("64tass is needed to compare with it");
            assert!(out.status.success(), "{args:?}: {}", both(&out));
        };
        run(&tass, None);
        run(&kit, Some(&path));
        let lines = |dir: &TempDir| {
            let t = text(&read(&dir.0, "x.lst"));
            t.split('\n').map(str::to_string).collect::<Vec<_>>()
        };
        let (theirs, ours) = (lines(&tass), lines(&kit));
        // The head's last line, before the blank line above the column titles.
        let blank = theirs.iter().skip(1).position(String::is_empty);
        let date = blank.expect("64tass's head");
        assert_eq!(ours.len(), theirs.len(), "{args:?}: {ours:?}");
        for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            if i == date {
                // `ctime`'s form: `; Sun Dec  6 01:11:41 2026`.
                assert_eq!((o.len(), &o[..2], &o[15..16]), (26, "; ", ":"), "{args:?}");
            } else {
                assert_eq!(o, t, "{args:?}: line {i}");
            }
        }
        if tass.path("x.map").exists() {
            assert_eq!(read(&kit.0, "x.map"), read(&tass.0, "x.map"), "{args:?}");
        }
    }
    let version = |path: Option<&std::ffi::OsStr>| {
        let mut cmd = Command::new("64tass");
        cmd.arg("--version");
        if let Some(path) = path {
            cmd.env("PATH", path);
        }
        cmd.output().expect("64tass").stdout
    };
    assert_eq!(version(Some(&path)), version(None));
}
