//! Assembling a source with both assemblers: the installed 64tass (the
//! judge) and c64asm, with the same switches.

use std::io::Read as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The 64tass switches a batch is assembled with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// `-a`
    pub ascii: bool,
    /// `-C`
    pub case_sensitive: bool,
    /// `-B`
    pub long_branch: bool,
    /// `-i` (6502i), `--m65c02`, `--mr65c02`, `--mw65c02`, `--m65ce02`,
    /// `--m65816`, `--m65dtv02`, `--m65el02`, `--m4510`
    pub cpu: c64asm::Cpu,
    /// `-T`: TASM-compatible expressions (the `tasm` family's batches).
    pub tasm: bool,
}

impl Flags {
    pub fn args(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.ascii {
            v.push("-a");
        }
        if self.case_sensitive {
            v.push("-C");
        }
        if self.long_branch {
            v.push("-B");
        }
        if self.tasm {
            v.push("-T");
        }
        if self.cpu != c64asm::Cpu::M6502 {
            v.push(self.cpu.switch());
        }
        v
    }

    pub fn options(&self) -> c64asm::Options {
        c64asm::Options {
            ascii: self.ascii,
            case_sensitive: self.case_sensitive,
            long_branch: self.long_branch,
            tasm_compatible: self.tasm,
            cpu: self.cpu,
            ..c64asm::Options::default()
        }
    }

    pub fn describe(&self) -> String {
        self.args().join(" ")
    }
}

/// What an assembler made of a source.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The .prg file.
    Bytes(Vec<u8>),
    /// Rejected: the source lines the errors point at, and the messages.
    Error { lines: Vec<usize>, text: String },
    /// 64tass ran too long (the generator is meant to never cause this).
    Timeout,
    /// c64asm panicked.
    Panic(String),
}

impl Outcome {
    pub fn is_bytes(&self) -> bool {
        matches!(self, Outcome::Bytes(_))
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Outcome::Error { .. })
    }

    /// Same bytes, or both rejected the source (the messages may differ).
    pub fn agrees(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Bytes(a), Outcome::Bytes(b)) => a == b,
            (Outcome::Error { .. }, Outcome::Error { .. }) => true,
            _ => false,
        }
    }

    /// The same kind of result as `other`, and for errors the same first
    /// message (numbers and quoted values aside): the same cause, for minimization.
    pub fn same_kind(&self, other: &Outcome) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.cause() == other.cause()
    }

    /// The first error message without its place, quoted values and numbers.
    pub fn cause(&self) -> String {
        let Outcome::Error { text, .. } = self else {
            return String::new();
        };
        let first = text.lines().find(|l| l.contains("error:")).unwrap_or("");
        let message = first.split_once("error:").map_or(first, |(_, m)| m);
        // Quoted values start after a blank and end before a blank, a comma, a
        // parenthesis or the end; other apostrophes (`can't`) are words.
        let chars: Vec<char> = message.chars().collect();
        let mut out = String::new();
        let mut quoted = false;
        // digits in a word (`c64kit`) stay, numbers go
        let mut word = false;
        for (i, &c) in chars.iter().enumerate() {
            let before = if i == 0 { ' ' } else { chars[i - 1] };
            let after = chars.get(i + 1).copied().unwrap_or(' ');
            if c == '\'' && !quoted && before == ' ' {
                quoted = true;
            } else if c == '\'' && quoted && matches!(after, ' ' | ',' | ')' | ':') {
                quoted = false;
                out.push_str("'_'");
            } else if !quoted && (!c.is_ascii_digit() || word) {
                out.push(c);
            }
            word = c.is_ascii_alphabetic() || (word && c.is_ascii_digit());
        }
        out.trim().to_string()
    }

    /// One line: the bytes in hex, or the first error message.
    pub fn summary(&self) -> String {
        match self {
            Outcome::Error { text, .. } => {
                let first = text.lines().find(|l| l.contains("error:")).unwrap_or(text);
                format!(
                    "error: {}",
                    first.split_once("error:").map_or(first, |(_, m)| m).trim()
                )
            }
            other => other.describe(),
        }
    }

    /// A short human description: hex bytes or the first error lines.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Bytes(b) => {
                let hex: Vec<String> = b.iter().take(96).map(|x| format!("{x:02x}")).collect();
                let more = if b.len() > 96 {
                    format!(" ... ({} bytes)", b.len())
                } else {
                    String::new()
                };
                format!("bytes: {}{more}", hex.join(" "))
            }
            Outcome::Error { text, .. } => {
                let lines: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .take(6)
                    .collect();
                format!("error:\n    {}", lines.join("\n    "))
            }
            Outcome::Timeout => "timeout".into(),
            Outcome::Panic(msg) => format!("panic: {msg}"),
        }
    }
}

pub const SOURCE_NAME: &str = "case.asm";

/// Files next to the source, for `.include`, `.binclude`, `.binary` and `binary()`.
pub fn files() -> [(&'static str, Vec<u8>); 3] {
    [
        (
            "inc.asm",
            b"inc_k = 42\ninc_lbl .byte 1, 2, 3\n_inc_local = 7\n".to_vec(),
        ),
        (
            "data.bin",
            (0..40u32).map(|i| (i * 37 + 11) as u8).collect(),
        ),
        ("empty.bin", Vec::new()),
    ]
}

const TIMEOUT: Duration = Duration::from_secs(5);

/// `64tass --version`, for the report (the expected judge is 1.58).
pub fn version() -> String {
    match Command::new("64tass").arg("--version").output() {
        Ok(o) => String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_string(),
        Err(_) => "64tass not found".to_string(),
    }
}

/// The two assemblers a source is judged by (a trait so that the harness
/// itself can be tested with made-up assemblers).
pub trait Assemblers {
    /// 64tass's result.
    fn theirs(&mut self, text: &str, flags: Flags) -> Outcome;
    /// 64tass's result when it also writes a listing (`-L`): it then takes
    /// one more pass, which some layouts need (see `Batch::found`).
    fn theirs_listed(&mut self, text: &str, flags: Flags) -> Outcome {
        self.theirs(text, flags)
    }
    /// c64asm's result for the same source and switches.
    fn ours(&mut self, text: &str, flags: Flags) -> Outcome;
}

/// Runs both assemblers on sources written to a private temporary directory.
pub struct Judge {
    dir: PathBuf,
    pub runs_64tass: u64,
    pub runs_ours: u64,
    /// Time spent in each assembler (64tass's includes starting the process).
    pub time_64tass: Duration,
    pub time_ours: Duration,
}

impl Judge {
    pub fn new(worker: usize) -> Judge {
        // One directory per judge: tests run in parallel in one process.
        static JUDGES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = JUDGES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "c64asm-differential-{}-{n}-{worker}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        for (name, content) in files() {
            std::fs::write(dir.join(name), content).expect("write a file the cases include");
        }
        Judge {
            dir,
            runs_64tass: 0,
            runs_ours: 0,
            time_64tass: Duration::ZERO,
            time_ours: Duration::ZERO,
        }
    }

    /// Panics (failing the test) when 64tass can't be run.
    fn run_64tass(&mut self, text: &str, flags: Flags, extra: &[&str]) -> Outcome {
        let src = self.dir.join(SOURCE_NAME);
        let out = self.dir.join("case.prg");
        std::fs::write(&src, text).expect("write the source");
        let _ = std::fs::remove_file(&out);
        let child = Command::new("64tass")
            .current_dir(&self.dir)
            .args(["--quiet", "--no-warn"])
            .args(flags.args())
            .args(extra)
            .args([SOURCE_NAME, "-o", "case.prg"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => panic!(
                "64tass (1.58) is the judge of this test but could not be run ({e}).\n\
                 Install it (Debian/Ubuntu: `sudo apt-get install 64tass`) or run `.ci/run`."
            ),
        };
        // Read the pipes on threads so a chatty 64tass can't block on a full pipe.
        let mut stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let t_out = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = stdout.read_to_end(&mut s);
            s
        });
        let t_err = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = stderr.read_to_end(&mut s);
            s
        });
        let start = Instant::now();
        let status = loop {
            match child.try_wait().expect("wait for 64tass") {
                Some(status) => break Some(status),
                None if start.elapsed() > TIMEOUT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                None => std::thread::sleep(Duration::from_micros(200)),
            }
        };
        let mut messages = String::from_utf8_lossy(&t_err.join().unwrap_or_default()).into_owned();
        messages.push_str(&String::from_utf8_lossy(&t_out.join().unwrap_or_default()));
        match status {
            None => Outcome::Timeout,
            Some(s) if s.success() => Outcome::Bytes(std::fs::read(&out).unwrap_or_default()),
            Some(_) => Outcome::Error {
                lines: error_lines(&messages),
                text: messages,
            },
        }
    }

    fn run_ours(&mut self, text: &str, flags: Flags) -> Outcome {
        let opts = flags.options();
        quiet_panics();
        IN_OURS.set(true);
        // From the file, as 64tass reads it: `.include` and `.binary` look next to it.
        let src = self.dir.join(SOURCE_NAME);
        std::fs::write(&src, text).expect("write the source");
        let result = std::panic::catch_unwind(|| c64asm::assemble_with(&src, &opts));
        IN_OURS.set(false);
        match result {
            Ok(Ok(program)) => Outcome::Bytes(program.prg_bytes()),
            Ok(Err(diags)) => {
                let mut lines: Vec<usize> = diags
                    .errors()
                    .filter(|d| d.file.ends_with(SOURCE_NAME))
                    .map(|d| d.line)
                    .filter(|&l| l > 0)
                    .collect();
                lines.sort_unstable();
                lines.dedup();
                let text = diags
                    .errors()
                    .map(|d| {
                        let file = if d.file.ends_with(SOURCE_NAME) {
                            SOURCE_NAME
                        } else {
                            &d.file
                        };
                        format!("{file}:{}:{}: error: {}", d.line, d.column, d.message)
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                Outcome::Error { lines, text }
            }
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Outcome::Panic(msg)
            }
        }
    }
}

impl Assemblers for Judge {
    fn theirs(&mut self, text: &str, flags: Flags) -> Outcome {
        let start = Instant::now();
        let outcome = self.run_64tass(text, flags, &[]);
        self.runs_64tass += 1;
        self.time_64tass += start.elapsed();
        outcome
    }

    fn theirs_listed(&mut self, text: &str, flags: Flags) -> Outcome {
        let start = Instant::now();
        let outcome = self.run_64tass(text, flags, &["-L", "case.lst"]);
        self.runs_64tass += 1;
        self.time_64tass += start.elapsed();
        outcome
    }

    fn ours(&mut self, text: &str, flags: Flags) -> Outcome {
        let start = Instant::now();
        let outcome = self.run_ours(text, flags);
        self.runs_ours += 1;
        self.time_ours += start.elapsed();
        outcome
    }
}

impl Drop for Judge {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

thread_local! {
    static IN_OURS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A panic inside c64asm is a finding shown in the report; the default hook
/// would print it (with a backtrace) every time the minimizer meets it again.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_OURS.get() {
                previous(info);
            }
        }));
    });
}

/// The line numbers of `case.asm:LINE:COL: error:` messages.
fn error_lines(messages: &str) -> Vec<usize> {
    let prefix = format!("{SOURCE_NAME}:");
    let mut lines: Vec<usize> = messages
        .lines()
        .filter(|l| l.contains(": error:"))
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter_map(|rest| rest.split(':').next()?.parse().ok())
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}
