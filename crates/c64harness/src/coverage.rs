//! Coverage: which instructions ran how often and which way each conditional branch
//! went, merged over any number of machines, written as LCOV (`SF:`/`FN:`/`FNDA:`/
//! `BRDA:`/`DA:` records per source file) for `genhtml` and editors.
//!
//! A [`Coverage`] is the shared total. Each machine records into its own counters (an
//! [`Observer`] without locks on the hot path) and adds them to the total when its
//! recorder goes away (the machine is dropped or the recorder replaced). Setting
//! `C64KIT_COVERAGE=DIR` makes every [`Harness`](crate::Harness) of a test binary record
//! into one total per program, written to `DIR/<test binary>-<program>.lcov` after each
//! machine; `genhtml DIR/*.lcov` merges the files of several test binaries.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use c64emu::{Machine, Observer};

use crate::debug::DebugInfo;
use crate::opcodes;

/// The environment variable that turns on coverage for a whole test suite.
pub const COVERAGE_ENV: &str = "C64KIT_COVERAGE";

const ADDRS: usize = 0x1_0000;
const KIND_BRANCH: u8 = 1;
const KIND_JSR: u8 = 2;

/// Counters per address.
#[derive(Clone)]
struct Counts {
    /// Instructions started at the address.
    hits: Vec<u64>,
    /// Branch at the address taken / not taken.
    taken: Vec<u64>,
    not_taken: Vec<u64>,
    /// Calls (JSRs, `Machine::call`s) to the address.
    calls: Vec<u64>,
}

impl Counts {
    fn new() -> Counts {
        Counts {
            hits: vec![0; ADDRS],
            taken: vec![0; ADDRS],
            not_taken: vec![0; ADDRS],
            calls: vec![0; ADDRS],
        }
    }

    fn add(&mut self, other: &Counts) {
        for (mine, theirs) in [
            (&mut self.hits, &other.hits),
            (&mut self.taken, &other.taken),
            (&mut self.not_taken, &other.not_taken),
            (&mut self.calls, &other.calls),
        ] {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }
}

struct Shared {
    counts: Counts,
    /// Rewrite this LCOV file after each merge.
    autosave: Option<PathBuf>,
    save_error: Option<String>,
}

/// Coverage of one program, summed over every machine that recorded into it.
#[derive(Clone)]
pub struct Coverage {
    info: Arc<DebugInfo>,
    shared: Arc<Mutex<Shared>>,
    /// Branch and JSR instructions of the program, per address.
    kinds: Arc<[u8]>,
}

/// Totals of a coverage report (LCOV's LF/LH, FNF/FNH, BRF/BRH).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub lines: usize,
    pub lines_hit: usize,
    pub functions: usize,
    pub functions_hit: usize,
    pub branches: usize,
    pub branches_hit: usize,
}

impl Summary {
    /// Executed lines as a share of the lines with code, in percent.
    pub fn line_percent(&self) -> f64 {
        if self.lines == 0 {
            0.0
        } else {
            100.0 * self.lines_hit as f64 / self.lines as f64
        }
    }

    pub(crate) fn add(&mut self, o: &Summary) {
        self.lines += o.lines;
        self.lines_hit += o.lines_hit;
        self.functions += o.functions;
        self.functions_hit += o.functions_hit;
        self.branches += o.branches;
        self.branches_hit += o.branches_hit;
    }
}

/// One source file's share of a report.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    /// The path LCOV's `SF:` names (absolute when the file was found).
    pub path: PathBuf,
    /// Hits per line with code.
    pub lines: BTreeMap<u32, u64>,
    /// Routines: (line, name, calls).
    pub functions: Vec<(u32, String, u64)>,
    /// Branches: (line, block, taken, not taken); None when the line never ran.
    pub branches: Vec<(u32, usize, Option<(u64, u64)>)>,
}

impl FileReport {
    pub fn summary(&self) -> Summary {
        Summary {
            lines: self.lines.len(),
            lines_hit: self.lines.values().filter(|&&n| n > 0).count(),
            functions: self.functions.len(),
            functions_hit: self.functions.iter().filter(|f| f.2 > 0).count(),
            branches: self.branches.len() * 2,
            branches_hit: self
                .branches
                .iter()
                .map(|b| {
                    b.2.map_or(0, |(t, n)| usize::from(t > 0) + usize::from(n > 0))
                })
                .sum(),
        }
    }
}

impl Coverage {
    /// An empty total for the program `info` describes.
    pub fn new(info: Arc<DebugInfo>) -> Coverage {
        let mut kinds = vec![0u8; ADDRS];
        for (pc, _) in info.instructions() {
            let op = info.memory[usize::from(pc)];
            if opcodes::is_branch(op) {
                kinds[usize::from(pc)] = KIND_BRANCH;
            } else if op == opcodes::JSR {
                kinds[usize::from(pc)] = KIND_JSR;
            }
        }
        Coverage {
            info,
            shared: Arc::new(Mutex::new(Shared {
                counts: Counts::new(),
                autosave: None,
                save_error: None,
            })),
            kinds: kinds.into(),
        }
    }

    /// The suite-wide total for this program when `C64KIT_COVERAGE` is set: one per
    /// program (by its main file) and test binary, saved after every machine.
    pub fn from_env(info: &Arc<DebugInfo>) -> Option<Coverage> {
        let dir = std::env::var_os(COVERAGE_ENV).filter(|d| !d.is_empty())?;
        static ALL: OnceLock<Mutex<HashMap<String, Coverage>>> = OnceLock::new();
        let mut all = ALL
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let key = info.name.clone();
        let cov = all.entry(key.clone()).or_insert_with(|| {
            let exe = std::env::current_exe()
                .ok()
                .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .unwrap_or_else(|| "tests".into());
            let program = Path::new(&key)
                .file_stem()
                .map_or_else(|| "program".into(), |s| s.to_string_lossy().into_owned());
            let cov = Coverage::new(info.clone());
            let dir = PathBuf::from(dir);
            let _ = std::fs::create_dir_all(&dir);
            cov.lock().autosave = Some(dir.join(format!("{exe}-{program}.lcov")));
            cov
        });
        Some(cov.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The program this coverage is about.
    pub fn info(&self) -> &Arc<DebugInfo> {
        &self.info
    }

    /// A recorder for one machine: give it to [`Machine::set_observer`]. Its counts
    /// join this total when it is dropped.
    pub fn recorder(&self) -> Box<dyn Observer> {
        Box::new(Recorder {
            local: Counts::new(),
            sink: self.clone(),
            pending_branch: None,
        })
    }

    /// How often the instruction at `addr` ran (in the recorders merged so far).
    pub fn hits(&self, addr: u16) -> u64 {
        self.lock().counts.hits[usize::from(addr)]
    }

    /// The last error writing the autosaved file, if any.
    pub fn save_error(&self) -> Option<String> {
        self.lock().save_error.clone()
    }

    fn merge(&self, counts: &Counts) {
        let mut s = self.lock();
        s.counts.add(counts);
        if let Some(path) = s.autosave.clone() {
            let text = self.render(&s.counts);
            let tmp = path.with_extension("lcov.tmp");
            let result = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, &path));
            s.save_error = result.err().map(|e| format!("{}: {e}", path.display()));
        }
    }

    /// The report per source file.
    pub fn files(&self) -> Vec<FileReport> {
        let s = self.lock();
        self.report(&s.counts)
    }

    /// Totals over every file.
    pub fn summary(&self) -> Summary {
        let mut total = Summary::default();
        for f in self.files() {
            total.add(&f.summary());
        }
        total
    }

    /// The LCOV tracefile.
    pub fn lcov(&self) -> String {
        let s = self.lock();
        self.render(&s.counts)
    }

    fn report(&self, c: &Counts) -> Vec<FileReport> {
        let info = &self.info;
        let index = &info.index;
        let mut files: Vec<FileReport> = index
            .files()
            .iter()
            .enumerate()
            .map(|(i, _)| FileReport {
                path: index.path(i as u32).to_path_buf(),
                ..FileReport::default()
            })
            .collect();
        let mut blocks: HashMap<(u32, u32), usize> = HashMap::new();
        let mut jsr_targets = Vec::new();
        for (pc, run) in info.instructions() {
            let r = index.runs()[run];
            let f = &mut files[r.file as usize];
            let a = usize::from(pc);
            *f.lines.entry(r.line).or_default() += c.hits[a];
            let op = info.memory[a];
            if opcodes::is_branch(op) {
                let block = blocks.entry((r.file, r.line)).or_default();
                let ran = (c.hits[a] > 0).then(|| (c.taken[a], c.not_taken[a]));
                f.branches.push((r.line, *block, ran));
                *block += 1;
            } else if op == opcodes::JSR {
                jsr_targets.push(u16::from_le_bytes([
                    info.memory[(a + 1) & 0xFFFF],
                    info.memory[(a + 2) & 0xFFFF],
                ]));
            }
        }
        // Routines: labelled instructions that are called (by a JSR in the program or
        // by the harness).
        for (&addr, name) in &info.names {
            let a = usize::from(addr);
            let called = c.calls[a] > 0 || jsr_targets.contains(&addr);
            let Some(r) = index.run_at(addr).filter(|r| r.code && called) else {
                continue;
            };
            files[r.file as usize]
                .functions
                .push((r.line, name.clone(), c.calls[a]));
        }
        files
    }

    fn render(&self, c: &Counts) -> String {
        let mut out = String::new();
        for f in self.report(c) {
            if f.lines.is_empty() {
                continue;
            }
            let s = f.summary();
            let _ = writeln!(out, "TN:\nSF:{}", f.path.display());
            for (line, name, _) in &f.functions {
                let _ = writeln!(out, "FN:{line},{name}");
            }
            for (_, name, calls) in &f.functions {
                let _ = writeln!(out, "FNDA:{calls},{name}");
            }
            let _ = writeln!(out, "FNF:{}\nFNH:{}", s.functions, s.functions_hit);
            for (line, block, ran) in &f.branches {
                let (t, n) = match ran {
                    Some((t, n)) => (t.to_string(), n.to_string()),
                    None => ("-".into(), "-".into()),
                };
                let _ = writeln!(out, "BRDA:{line},{block},0,{t}\nBRDA:{line},{block},1,{n}");
            }
            let _ = writeln!(out, "BRF:{}\nBRH:{}", s.branches, s.branches_hit);
            for (line, hits) in &f.lines {
                let _ = writeln!(out, "DA:{line},{hits}");
            }
            let _ = writeln!(out, "LF:{}\nLH:{}\nend_of_record", s.lines, s.lines_hit);
        }
        out
    }

    /// Write the LCOV tracefile.
    pub fn write_lcov(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        std::fs::write(path, self.lcov())
    }
}

/// One machine's counters.
struct Recorder {
    local: Counts,
    sink: Coverage,
    /// A branch that ran last: which way it went shows at the next instruction.
    pending_branch: Option<u16>,
}

impl Observer for Recorder {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        let a = usize::from(pc);
        self.local.hits[a] += 1;
        if let Some(b) = self.pending_branch.take() {
            let next = b.wrapping_add(2);
            let target = next.wrapping_add(m.peek_banked(b.wrapping_add(1)) as i8 as u16);
            // Anything else is an interrupt that came in between: no sample.
            if pc == target && target != next {
                self.local.taken[usize::from(b)] += 1;
            } else if pc == next {
                self.local.not_taken[usize::from(b)] += 1;
            }
        }
        match self.sink.kinds[a] {
            0 => {}
            KIND_BRANCH => self.pending_branch = Some(pc),
            _ => {
                let lo = m.peek_banked(pc.wrapping_add(1));
                let hi = m.peek_banked(pc.wrapping_add(2));
                self.local.calls[usize::from(u16::from_le_bytes([lo, hi]))] += 1;
            }
        }
    }

    fn call(&mut self, _m: &Machine, target: u16) {
        self.local.calls[usize::from(target)] += 1;
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        self.sink.recorder()
    }
}

impl Drop for Recorder {
    fn drop(&mut self) {
        self.sink.merge(&self.local);
    }
}
