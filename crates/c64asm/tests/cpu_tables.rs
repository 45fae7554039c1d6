//! Every instruction name of every processor with every operand form,
//! assembled by c64asm and by the installed 64tass (1.58): the same bytes
//! for each line, or the same first error (message and column), and the
//! same listing. Lines are placed 16 bytes apart and assembled many to a
//! source; a line either assembler rejects is set aside and the rest
//! assembled again until both accept what is left. Also with `.al`/`.xl`
//! (word immediates) and with `.dpage`/`.databank` set (other direct page
//! and data bank), and on the 65816 in bank $12. Without 64tass the test
//! fails, saying how to install it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use c64asm::{CPUS, Cpu, Options, OutputFormat};

/// Every name 64tass 1.58's manual lists for any processor, pseudo
/// instructions included.
const NAMES: &str = "adc ahx alr anc and ane arr asl asr asw axs bbr bbs bcc bcs beq bge bit blt \
bmi bne bpl bra brk brl bsr bvc bvs clc cld cle cli clp clr clv cmp cop cpa cpx cpy cpz csp dcm \
dcp dea dec dew dex dey dez div ent eom eor gcc gcs geq gge glt gmi gne gpl gra gvc gvs hlt ina \
inc ins inw inx iny inz isb isc jam jml jmp jsl jsr lae las lax lda lds ldx ldy ldz lsr lxa map \
mmu mul mvn mvp neg nop nxa nxt ora pea pei per pha phb phd phk php phw phx phy phz pla plb pld \
plp plx ply plz rea rei rep rer rha rhi rhx rhy rla rli rlx rly rmb rol ror row rra rti rtl rtn \
rts sac sax sbc sbx sea sec sed see sei sep sha shl shr shs shx shy sir slo smb sre sta stp stx \
sty stz swa tab tad tas tax tay taz tba tcd tcs tda tdc tix trb trx tsa tsb tsc tsx tsy txa txi \
txr txs txy tya tys tyx tza wai wdm xaa xba xce zea";

/// Operand forms: every addressing mode's syntax, sizes forced, values
/// that don't fit.
const FORMS: &[&str] = &[
    "",
    " #$12",
    " #$1234",
    " #-2",
    " #+5",
    " #$80",
    " #+$80",
    " #-129",
    " $12",
    " $1234",
    " $123456",
    " $12,x",
    " $1234,x",
    " $123456,x",
    " $12,y",
    " $1234,y",
    " $123456,y",
    " ($12)",
    " ($1234)",
    " ($123456)",
    " [$123456]",
    " ($12,x)",
    " ($1234,x)",
    " ($12),y",
    " ($1234),y",
    " ($12),z",
    " [$12]",
    " [$1234]",
    " [$12],y",
    " $12,s",
    " ($12,s),y",
    " (#+$12,s),y",
    " $12,r",
    " ($12,r),y",
    " #$12,#$34",
    " $12,$34",
    " $123,$34",
    " 1,$12",
    " 8,$12",
    " 1,$1234",
    " 1,$12,*+5",
    " 7,$34,*-$20",
    " 2,$12,#-3",
    " 1,$12,*+$300",
    // The other bit numbers, each opcode of the bit instructions.
    " 0,$12",
    " 2,$12",
    " 7,$12",
    " 3,$12",
    " 4,$12",
    " 5,$12",
    " 6,$12",
    " 0,$12,*+5",
    " 3,$12,*+5",
    " 4,$12,*-5",
    " 5,$12,*+5",
    " 6,$12,*-5",
    " *+5",
    " *+$300",
    " *-$300",
    " *+$8000",
    " *+2",
    " *+3",
    " *+4",
    " #$12,d",
    " $12,d",
    " $1234,b",
    " #$1234,b",
    " $1234,k",
    " #$12,s",
    " #$12,r",
    " ($12,d),y",
    " (#$12,d),y",
    " ($12,d),z",
    " ($1234,k,x)",
    " [$12,d]",
    " [$12,d],y",
    " ($12,d)",
    " ($12,d,x)",
    " $12,d,x",
    " $1234,b,x",
    " $12,d,y",
    " $1234,b,y",
    " $12, x",
    " ($12), y",
    " $12, s",
    " @b $12",
    " @w $12",
    " @l $12",
    " @b $1234",
    " @l $1234,x",
    " @w $12,x",
    " @w $12,y",
    " @w ($12),y",
    " @w #$12",
    " @b #$1234",
    " @l #$12",
    " @b *+$300",
    " @w *+5",
    " @w ($1234)",
    " @b ($1234,x)",
    " @l",
];

/// The register names of each processor (64tass's), used alone as operands.
fn registers(cpu: Cpu) -> &'static str {
    match cpu {
        Cpu::M65816 => "abdkpsxy",
        Cpu::M65EL02 => "adiprsxy",
        Cpu::M65CE02 | Cpu::M4510 => "abpsxyz",
        _ => "apsxy",
    }
}

/// What an assembler made of one line.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Bytes(Vec<u8>),
    /// The first error on the line: column and message.
    Error(usize, String),
}

/// One assembly of a source: its errors by source line, or its bytes by address.
enum Run {
    Errors(BTreeMap<usize, (usize, String)>),
    Blocks(BTreeMap<u32, Vec<u8>>, String),
}

/// A case's source: where it goes and what it is.
struct Setup<'a> {
    /// Lines before the cases (`.al`).
    prologue: &'a str,
    /// The case's program counter is in this bank (the 65816).
    bank: u32,
}

/// Lines each case takes in a source.
const CASE_LINES: usize = 4;

fn render(setup: &Setup, lines: &[&str]) -> String {
    let mut s = String::from(setup.prologue);
    for (k, line) in lines.iter().enumerate() {
        let at = 0x1000 + 16 * k as u32;
        s.push_str(&format!(
            "* = ${at:04x}\n .logical ${:06x}\n{line}\n .here\n",
            setup.bank << 16 | at
        ));
    }
    s
}

/// Which case a source line belongs to.
fn case_of(setup: &Setup, line: usize) -> Option<usize> {
    let first = setup.prologue.lines().count() + 1;
    let k = line.checked_sub(first)? / CASE_LINES;
    Some(k)
}

/// Blocks of non-linear output with `-X`: three-byte lengths and
/// addresses, then the bytes.
fn nonlinear(data: &[u8]) -> BTreeMap<u32, Vec<u8>> {
    let three = |p: usize| data[p] as u32 | (data[p + 1] as u32) << 8 | (data[p + 2] as u32) << 16;
    let mut out = BTreeMap::new();
    let mut p = 0;
    while p + 6 <= data.len() {
        let n = three(p) as usize;
        if n == 0 {
            break;
        }
        out.insert(three(p + 3), data[p + 6..p + 6 + n].to_vec());
        p += 6 + n;
    }
    out
}

/// A listing from its column titles on, the file names left out.
fn listing_body(text: &str) -> String {
    let body = text.find(";Offset").map_or("", |at| &text[at..]);
    body.lines()
        .filter(|l| !l.starts_with(";******  Processing"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A directory of this test's own (the tests run at the same time).
fn tmp_dir() -> PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace("::", "-");
    let d = std::env::temp_dir().join(format!("c64asm-cpu-tables-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_64tass(cpu: Cpu, text: &str) -> Run {
    let dir = tmp_dir();
    let src = dir.join(format!("{}.asm", cpu.name()));
    let out = src.with_extension("bin");
    let lst = src.with_extension("lst");
    std::fs::write(&src, text).unwrap();
    let _ = std::fs::remove_file(&out);
    let mut cmd = Command::new("64tass");
    cmd.args(["-a", "-q", "-n", "-X"]);
    if cpu != Cpu::M6502 {
        cmd.arg(cpu.switch());
    }
    cmd.arg(&src).arg("-o").arg(&out).arg("-L").arg(&lst);
    let output = cmd.output().unwrap_or_else(|e| {
        panic!(
            "64tass is required for this test but could not be run ({e}).\n\
             Install it (Debian/Ubuntu: `apt-get install 64tass`) or run `.ci/run`."
        )
    });
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut errors = BTreeMap::new();
    for l in stderr.lines() {
        let Some((place, msg)) = l.split_once(": error: ") else {
            continue;
        };
        let mut parts = place.rsplitn(3, ':');
        let (col, line) = (parts.next().unwrap(), parts.next().unwrap());
        let (Ok(line), Ok(col)) = (line.parse::<usize>(), col.parse::<usize>()) else {
            continue;
        };
        errors.entry(line).or_insert((col, msg.to_string()));
    }
    if !errors.is_empty() || !output.status.success() {
        assert!(
            !errors.is_empty(),
            "64tass failed without errors:\n{stderr}"
        );
        return Run::Errors(errors);
    }
    let blocks = nonlinear(&std::fs::read(&out).unwrap());
    let listing = listing_body(&std::fs::read_to_string(&lst).unwrap_or_default());
    Run::Blocks(blocks, listing)
}

fn run_ours(cpu: Cpu, text: &str) -> Run {
    let opts = Options {
        cpu,
        ascii: true,
        long_address: true,
        ..Options::default()
    };
    match c64asm::assemble_str("t.asm", text, &opts) {
        Ok(p) => {
            let data = p
                .output(OutputFormat::Nonlinear)
                .expect("non-linear output");
            Run::Blocks(nonlinear(&data), listing_body(&p.listing()))
        }
        Err(d) => {
            let mut errors = BTreeMap::new();
            for e in d.errors() {
                errors
                    .entry(e.line)
                    .or_insert((e.column, e.message.clone()));
            }
            Run::Errors(errors)
        }
    }
}

/// Each line's outcome with one assembler, and the listing of the lines it
/// accepts.
fn outcomes(
    cpu: Cpu,
    setup: &Setup,
    lines: &[&str],
    run: fn(Cpu, &str) -> Run,
) -> (Vec<Outcome>, String) {
    let mut result: Vec<Option<Outcome>> = vec![None; lines.len()];
    let mut active: Vec<usize> = (0..lines.len()).collect();
    for _round in 0..20 {
        let these: Vec<&str> = active.iter().map(|&i| lines[i]).collect();
        match run(cpu, &render(setup, &these)) {
            Run::Errors(errors) => {
                let mut aside = Vec::new();
                for (line, (col, msg)) in errors {
                    let Some(k) = case_of(setup, line) else {
                        panic!("{cpu:?}: an error outside the cases: {line}:{col} {msg}");
                    };
                    let i = active[k];
                    if result[i].is_none() {
                        result[i] = Some(Outcome::Error(col, msg));
                    }
                    aside.push(i);
                }
                active.retain(|i| !aside.contains(i));
            }
            Run::Blocks(blocks, listing) => {
                for (k, &i) in active.iter().enumerate() {
                    let at = 0x1000 + 16 * k as u32;
                    result[i] = Some(Outcome::Bytes(blocks.get(&at).cloned().unwrap_or_default()));
                }
                return (result.into_iter().map(Option::unwrap).collect(), listing);
            }
        }
    }
    panic!("{cpu:?}: the lines never settled");
}

/// The names `cpu` knows: the others are labels (a name alone assembles to
/// nothing).
fn names_of(cpu: Cpu) -> Vec<&'static str> {
    let setup = Setup {
        prologue: "",
        bank: 0,
    };
    let names: Vec<&str> = NAMES.split_whitespace().collect();
    let lines: Vec<String> = names.iter().map(|n| format!(" {n} @l")).collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (theirs, _) = outcomes(cpu, &setup, &refs, run_64tass);
    names
        .into_iter()
        .zip(theirs)
        .filter(|(_, o)| !matches!(o, Outcome::Error(_, m) if m == "general syntax"))
        .map(|(n, _)| n)
        .collect()
}

fn compare(cpu: Cpu, setup: &Setup, forms: &[&str], failures: &mut Vec<String>) -> usize {
    let names = names_of(cpu);
    let mut lines: Vec<String> = Vec::new();
    for name in &names {
        for form in forms {
            lines.push(format!(" {name}{form}"));
        }
        for r in registers(cpu).chars() {
            lines.push(format!(" {name} {r}"));
        }
    }
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut compared = 0;
    // What both accepted: lines, and the distinct opcodes their bytes
    // start with (the figures `--nocapture` prints per processor).
    let (mut accepted, mut opcodes) = (0, std::collections::BTreeSet::new());
    for chunk in refs.chunks(1500) {
        let (theirs, their_listing) = outcomes(cpu, setup, chunk, run_64tass);
        let (ours, our_listing) = outcomes(cpu, setup, chunk, run_ours);
        for ((line, t), o) in chunk.iter().zip(&theirs).zip(&ours) {
            compared += 1;
            if let (Outcome::Bytes(a), Outcome::Bytes(b)) = (t, o)
                && a == b
                && !a.is_empty()
            {
                accepted += 1;
                opcodes.insert(a[0]);
            }
            if t != o {
                failures.push(format!(
                    "{cpu:?} {}`{line}`: 64tass {t:02x?}, ours {o:02x?}",
                    setup.prologue.replace('\n', ";")
                ));
            }
        }
        if theirs == ours && their_listing != our_listing {
            let (a, b): (Vec<&str>, Vec<&str>) = (
                our_listing.lines().collect(),
                their_listing.lines().collect(),
            );
            let at = a
                .iter()
                .zip(&b)
                .position(|(x, y)| x != y)
                .unwrap_or(a.len().min(b.len()));
            failures.push(format!(
                "{cpu:?} {}: listing line {at} differs:\nours:   {:?}\n64tass: {:?}",
                setup.prologue.replace('\n', ";"),
                a.get(at),
                b.get(at)
            ));
        }
    }
    println!(
        "{cpu:?} {:?}: {compared} lines, {accepted} assembled alike using {} opcodes",
        setup.prologue,
        opcodes.len()
    );
    if setup.prologue.is_empty() && setup.bank == 0 && forms == FORMS {
        let expected = opcode_count(cpu);
        if opcodes.len() != expected {
            failures.push(format!(
                "{cpu:?}: {} opcodes assembled alike, expected {expected}",
                opcodes.len()
            ));
        }
    }
    compared
}

/// How many opcode bytes 64tass 1.58 gives a name on each processor: the
/// 65816 and the 4510 use all 256; the 65CE02's `$5c` (`aug`) and the
/// 65EL02's `$ff` have none, the undocumented NMOS set has one name per
/// operation (not every duplicate `nop` and `jam`).
fn opcode_count(cpu: Cpu) -> usize {
    match cpu {
        Cpu::M6502 => 151,
        Cpu::M6502i => 221,
        Cpu::M65C02 => 178,
        Cpu::R65C02 => 214,
        Cpu::W65C02 => 216,
        Cpu::M65CE02 => 255,
        Cpu::M65816 => 256,
        Cpu::M65DTV02 => 210,
        Cpu::M65EL02 => 255,
        Cpu::M4510 => 256,
    }
}

fn check(setups: &[(&str, u32, &[&str])], cpus: &[Cpu]) {
    let mut failures = Vec::new();
    let mut compared = 0;
    for &cpu in cpus {
        for &(prologue, bank, forms) in setups {
            let setup = Setup { prologue, bank };
            compared += compare(cpu, &setup, forms, &mut failures);
        }
    }
    let _ = std::fs::remove_dir_all(tmp_dir());
    assert!(
        failures.is_empty(),
        "{} of {compared} lines differ from 64tass:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_instruction_form_on_every_processor() {
    check(&[("", 0, FORMS)], &CPUS);
}

#[test]
fn word_immediates_and_other_pages() {
    const IMMEDIATE: &[&str] = &[
        " #$12",
        " #$1234",
        " #-2",
        " #+$1234",
        " #-$8000",
        " @b #$12",
        " #$12,#$34",
    ];
    const ADDRESSES: &[&str] = &[
        " $1234",
        " $12",
        " $121234",
        " $1234,x",
        " $1280,y",
        " ($1280),y",
        " ($12,x)",
        " $120034",
        " @b $1234",
        " @w $121234",
        " @l $1234",
        " 1,$1234,*+5",
        " $12,s",
        " #$34,d",
        " $1234,b",
        " *+$300",
    ];
    check(
        &[
            (" .al\n .xl\n", 0, IMMEDIATE),
            (" .dpage $1200\n .databank $12\n", 0, ADDRESSES),
            (" .dpage ?\n .databank ?\n", 0, ADDRESSES),
        ],
        &CPUS,
    );
    // The 65816 in another bank: jumps and branches stay in it.
    const BANKED: &[&str] = &[
        " $1234",
        " $121234",
        " $131234",
        " *+5",
        " *+$300",
        " ($1234,x)",
        " ($1234)",
        " #$12,k",
        " $1234,k",
        " [$1234]",
        " @w $121234",
    ];
    check(
        &[("", 0x12, BANKED), (" .databank $12\n", 0x12, BANKED)],
        &[Cpu::M65816],
    );
}
