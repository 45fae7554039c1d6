//! `c64kit run`: boot a .prg (or assemble and boot a .asm) in a window or headless.
//!
//! Exit codes (also in docs/emulator.md):
//! 0 returned to BASIC, `--until` reached, or the window was closed;
//! 2 bad command line; 3 cycle limit; 4 JAM or BRK; 5 unimplemented KERNAL/BASIC entry;
//! 6 load error (unreadable file, bad .prg, no SYS line, assembly errors);
//! 7 `--strict` found ROM reads of written RAM (otherwise successful run);
//! 8 no display for the window; 1 other I/O errors (writing the screenshot or trace).
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use c64emu::{LoadError, Machine, Stop, Trace, render};

pub const EXIT_CYCLE_LIMIT: u8 = 3;
pub const EXIT_JAM_OR_BRK: u8 = 4;
pub const EXIT_UNIMPLEMENTED: u8 = 5;
pub const EXIT_LOAD_ERROR: u8 = 6;
pub const EXIT_STRICT: u8 = 7;
pub const EXIT_NO_DISPLAY: u8 = 8;
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_IO: u8 = 1;

const DEFAULT_HEADLESS_CYCLES: u64 = 100_000_000;

#[derive(clap::Args)]
pub struct Args {
    /// Program file: a .prg, a raw binary with --load, or a .asm source to assemble
    pub file: PathBuf,
    /// Run without a window
    #[arg(long)]
    pub headless: bool,
    /// Stop after this many emulated cycles [headless default: 100000000; window: none]
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_cycles: Option<u64>,
    /// Stop when PC reaches this address or label ($0810, 0x0810, 2064, main_loop)
    #[arg(long, value_name = "ADDR|LABEL")]
    pub until: Option<String>,
    /// Headless: stop (exit 0) once the program waits for a key and every --keys key has been typed
    #[arg(long, requires = "headless")]
    pub until_idle: bool,
    /// Read labels from a VICE label file (`al C:0810 .name` lines)
    #[arg(long, value_name = "FILE")]
    pub labels: Option<PathBuf>,
    /// Keys to type, fed as the program asks: text, \n or {RETURN}, {DOWN} {UP} {LEFT}
    /// {RIGHT} {HOME} {CLR} {DEL} {INST} {STOP} {F1}..{F8}, {$xx} for any PETSCII code
    #[arg(long, value_name = "TEXT")]
    pub keys: Option<String>,
    /// Print the 40x25 screen as text when the run ends
    #[arg(long)]
    pub print_screen: bool,
    /// Write the screen (with border) as a PNG when the run ends
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Hex-dump memory when the run ends (repeatable), e.g. --dump $c000:64 or --dump table:16
    #[arg(long, value_name = "ADDR:LEN")]
    pub dump: Vec<String>,
    /// Write one line per instruction (PC, bytes, disassembly, registers, cycles)
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Report reads of ROM at addresses the program wrote (the write went to RAM underneath)
    #[arg(long)]
    pub strict: bool,
    /// Load the file as raw bytes at this address (no 2-byte header)
    #[arg(long, value_name = "ADDR")]
    pub load: Option<String>,
    /// Start here instead of the SYS line (default for programs without one: the load address)
    #[arg(long, value_name = "ADDR|LABEL")]
    pub start: Option<String>,
    /// Use this 4 KiB character ROM image instead of the built-in character set
    #[arg(long, value_name = "FILE")]
    pub chargen: Option<PathBuf>,
    /// Window: run as fast as possible instead of PAL speed
    #[arg(long)]
    pub warp: bool,
    /// Window: scale factor 1, 2, 4 or 8
    #[arg(long, default_value_t = 2, value_parser = parse_scale)]
    pub scale: u8,
}

/// `al C:0810 .name` lines (other lines are ignored).
fn parse_vice_labels(text: &str) -> Vec<(String, u16)> {
    text.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            (words.next()? == "al").then_some(())?;
            let addr = words.next()?;
            let addr = addr.strip_prefix("C:").unwrap_or(addr);
            let addr = u16::from_str_radix(addr, 16).ok()?;
            let name = words.next()?.trim_start_matches('.');
            Some((name.to_string(), addr))
        })
        .collect()
}

fn parse_scale(s: &str) -> Result<u8, String> {
    match s {
        "1" | "2" | "4" | "8" => Ok(s.parse().unwrap_or(2)),
        _ => Err("the scale is 1, 2, 4 or 8".into()),
    }
}

fn parse_count(s: &str) -> Result<u64, String> {
    let digits: String = s.chars().filter(|&c| c != '_').collect();
    digits.parse().map_err(|_| format!("not a number: {s}"))
}

/// A failure with its exit code and one-line message.
struct Fail(u8, String);

pub fn main(args: Args) -> ExitCode {
    match run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(Fail(code, msg)) => {
            eprintln!("c64kit run: {msg}");
            ExitCode::from(code)
        }
    }
}

fn run(args: &Args) -> Result<u8, Fail> {
    let mut m = new_machine(args)?;
    if let Some(path) = &args.labels {
        let text = fs::read_to_string(path).map_err(|e| {
            Fail(
                EXIT_LOAD_ERROR,
                format!("cannot read {}: {e}", path.display()),
            )
        })?;
        m.set_symbols(parse_vice_labels(&text));
    }
    let entry = load(&mut m, args)?;
    m.start_at(entry);
    if let Some(keys) = &args.keys {
        m.try_type_keys(keys)
            .map_err(|e| Fail(EXIT_USAGE, format!("--keys: {e}")))?;
    }
    m.set_strict(args.strict);
    let until = match &args.until {
        Some(t) => Some(resolve(&m, t, "--until")?),
        None => None,
    };
    let stop = if args.headless {
        if let Some(path) = &args.trace {
            let file = fs::File::create(path)
                .map_err(|e| Fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
            m.set_trace(Some(Trace::new(std::io::BufWriter::new(file))));
        }
        let max = args.max_cycles.unwrap_or(DEFAULT_HEADLESS_CYCLES);
        let stop = match until {
            Some(addr) => Some(m.run_until(addr, max).err().unwrap_or(Stop::Reached(addr))),
            None if args.until_idle => run_until_idle(&mut m, max),
            None => Some(m.run(max)),
        };
        m.set_trace(None);
        stop
    } else {
        let opts = c64window::Options {
            title: format!("c64kit - {}", args.file.display()),
            scale: args.scale,
            warp: args.warp,
            max_cycles: args.max_cycles,
            until,
        };
        c64window::run(&mut m, &opts).map_err(|e| {
            Fail(
                EXIT_NO_DISPLAY,
                format!("no display available ({e}); use --headless"),
            )
        })?
    };
    report(&m, args, stop.as_ref())
}

/// Runs in slices until the program asks for a key that `--keys` no longer has;
/// None then (a normal end), else the stop that came first.
fn run_until_idle(m: &mut Machine, max: u64) -> Option<Stop> {
    const SLICE: u64 = 20_000;
    let mut left = max;
    while left > 0 {
        let n = left.min(SLICE);
        match m.run(n) {
            Stop::CycleLimit => left -= n,
            other => return Some(other),
        }
        if m.waiting_for_input() {
            eprintln!(
                "waiting for keys after {} cycles (every --keys key was typed)",
                m.cycles()
            );
            return None;
        }
    }
    Some(Stop::CycleLimit)
}

fn new_machine(args: &Args) -> Result<Machine, Fail> {
    let Some(path) = &args.chargen else {
        return Ok(Machine::new());
    };
    let bytes = read(path)?;
    let rom: &[u8; 4096] = bytes.as_slice().try_into().map_err(|_| {
        Fail(
            EXIT_LOAD_ERROR,
            format!(
                "{}: a character ROM is 4096 bytes, this is {}",
                path.display(),
                bytes.len()
            ),
        )
    })?;
    Ok(Machine::with_chargen(rom))
}

fn read(path: &Path) -> Result<Vec<u8>, Fail> {
    fs::read(path).map_err(|e| {
        Fail(
            EXIT_LOAD_ERROR,
            format!("cannot read {}: {e}", path.display()),
        )
    })
}

fn resolve(m: &Machine, target: &str, flag: &str) -> Result<u16, Fail> {
    m.resolve(target).ok_or_else(|| {
        Fail(
            EXIT_USAGE,
            format!("{flag}: unknown label or address {target:?}"),
        )
    })
}

fn load_error(path: &Path, e: LoadError) -> Fail {
    Fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display()))
}

/// Load the program; returns the address to start at.
fn load(m: &mut Machine, args: &Args) -> Result<u16, Fail> {
    let path = &args.file;
    let is_asm = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm") || e.eq_ignore_ascii_case("s"));
    let loaded = if is_asm {
        let program = c64asm::assemble(path).map_err(|d| {
            eprint!("{d}");
            Fail(
                EXIT_LOAD_ERROR,
                format!("{}: assembly failed", path.display()),
            )
        })?;
        if !program.warnings.is_empty() {
            eprint!("{}", program.warnings);
        }
        m.set_symbols(program.address_labels());
        let loaded = m
            .load_prg(&program.prg_bytes())
            .map_err(|e| load_error(path, e))?;
        if let Some(addr) = &args.load {
            let addr = resolve(m, addr, "--load")?;
            m.load_raw(addr, &program.image)
                .map_err(|e| load_error(path, e))?
        } else {
            loaded
        }
    } else {
        let bytes = read(path)?;
        match &args.load {
            Some(addr) => {
                let addr = resolve(m, addr, "--load")?;
                m.load_raw(addr, &bytes).map_err(|e| load_error(path, e))?
            }
            None => m.load_prg(&bytes).map_err(|e| load_error(path, e))?,
        }
    };
    if let Some(start) = &args.start {
        return resolve(m, start, "--start");
    }
    match loaded.sys {
        Some(sys) => Ok(sys),
        None if loaded.start == 0x0801 => Err(load_error(path, LoadError::NoSysLine)),
        None => Ok(loaded.start),
    }
}

fn exit_code(stop: Option<&Stop>) -> u8 {
    match stop {
        None | Some(Stop::ReturnedToBasic | Stop::Reached(_)) => 0,
        Some(Stop::CycleLimit) => EXIT_CYCLE_LIMIT,
        Some(Stop::Jam { .. } | Stop::Brk { .. }) => EXIT_JAM_OR_BRK,
        Some(Stop::UnimplementedKernal { .. }) => EXIT_UNIMPLEMENTED,
        Some(Stop::UnknownTarget(_)) => EXIT_USAGE,
    }
}

fn report(m: &Machine, args: &Args, stop: Option<&Stop>) -> Result<u8, Fail> {
    if let (true, Some(stop)) = (args.headless, stop) {
        let mut line = format!("{} after {} cycles", m.describe_stop(stop), m.cycles());
        if matches!(stop, Stop::CycleLimit) && m.waiting_for_input() {
            line.push_str(" (the program was waiting for keys; give them with --keys)");
        }
        eprintln!("{line}");
    }
    let mut out = String::new();
    if args.print_screen {
        out.push_str(&m.screen_text());
        out.push('\n');
    }
    for spec in &args.dump {
        out.push_str(&dump(m, spec)?);
    }
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), out.as_bytes());
    if let Some(path) = &args.screenshot {
        let file = fs::File::create(path)
            .map_err(|e| Fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
        render::write_png(m, std::io::BufWriter::new(file))
            .map_err(|e| Fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
    }
    let mut code = exit_code(stop);
    let violations = m.strict_violations();
    if !violations.is_empty() {
        eprintln!(
            "strict: {} read(s) of ROM at addresses the program wrote (the RAM underneath is hidden):",
            m.strict_violation_count()
        );
        for v in violations {
            eprintln!("  read ${:04X} at PC {}", v.addr, m.describe_addr(v.pc));
        }
        if code == 0 {
            code = EXIT_STRICT;
        }
    }
    Ok(code)
}

/// `ADDR:LEN` -> hex lines of 16 bytes: `C000  01 02 ...  |..|`.
fn dump(m: &Machine, spec: &str) -> Result<String, Fail> {
    let bad = || Fail(EXIT_USAGE, format!("--dump wants ADDR:LEN, got {spec:?}"));
    let (addr, len) = spec.rsplit_once(':').ok_or_else(bad)?;
    let addr = resolve(m, addr, "--dump")?;
    let len = m
        .resolve(len)
        .map(usize::from)
        .or_else(|| len.trim().parse().ok())
        .ok_or_else(bad)?;
    let bytes = m.read(addr, len);
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        let a = addr.wrapping_add((i * 16) as u16);
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02X}")).collect();
        let text: String = chunk
            .iter()
            .map(|&b| {
                if (0x20..0x7F).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        out.push_str(&format!("{a:04X}  {:<47}  |{text}|\n", hex.join(" ")));
    }
    Ok(out)
}
