//! Coverage: which instructions ran how often and which way each conditional branch
//! went, merged over any number of machines, written as LCOV (`SF:`/`FN:`/`FNDA:`/
//! `BRDA:`/`DA:` records per source file) for `genhtml` and editors.
//!
//! A [`Coverage`] is the shared total. Each machine records into its own counters (an
//! [`Observer`] without locks on the hot path) and adds them to the total when its
//! recorder goes away (the machine is dropped or the recorder replaced). Setting
//! `C64KIT_COVERAGE=DIR` makes every [`Harness`](crate::Harness) of a test binary record
//! into one total per program, written to `DIR/<test binary>-<program>.lcov` when the
//! test binary exits; `genhtml DIR/*.lcov` merges the files of several test binaries.

use std::collections::{BTreeMap, HashMap};
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

/// Counters per instruction of the program (slot 0 counts everything else), and
/// calls per target address.
#[derive(Clone)]
struct Counts {
    /// Per slot: runs, branch taken, branch not taken.
    runs: Vec<[u64; 3]>,
    /// Calls (JSRs, `Machine::call`s) per target.
    calls: HashMap<u16, u64>,
}

impl Counts {
    fn new(slots: usize) -> Counts {
        Counts {
            runs: vec![[0; 3]; slots],
            calls: HashMap::new(),
        }
    }

    fn add(&mut self, other: &Counts) {
        for (a, b) in self.runs.iter_mut().zip(&other.runs) {
            for i in 0..3 {
                a[i] += b[i];
            }
        }
        for (&t, &n) in &other.calls {
            *self.calls.entry(t).or_default() += n;
        }
    }

    fn calls(&self, addr: u16) -> u64 {
        self.calls.get(&addr).copied().unwrap_or(0)
    }
}

struct Shared {
    counts: Counts,
    /// Write this LCOV file when the process exits.
    autosave: Option<PathBuf>,
    /// Counts came in since the file was written.
    dirty: bool,
    save_error: Option<String>,
}

/// Coverage of one program, summed over every machine that recorded into it.
#[derive(Clone)]
pub struct Coverage {
    info: Arc<DebugInfo>,
    shared: Arc<Mutex<Shared>>,
    /// Per address: the slot of the program's instruction there (0: none).
    slots: Arc<[u16]>,
    /// Per address: a branch, a JSR or neither.
    kinds: Arc<[u8]>,
}

/// Totals of a coverage report (LCOV's LF/LH, FNF/FNH, BRF/BRH).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines with code (`LF`).
    pub lines: usize,
    /// Lines with code that ran at least once (`LH`).
    pub lines_hit: usize,
    /// Routines (`FNF`).
    pub functions: usize,
    /// Routines called at least once (`FNH`).
    pub functions_hit: usize,
    /// Branch outcomes: two per conditional branch, taken and not taken (`BRF`).
    pub branches: usize,
    /// Branch outcomes that happened at least once (`BRH`).
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

/// A conditional branch: (line, block: its number among the line's branches, (taken,
/// not taken) or None when it never ran).
pub type Branch = (u32, usize, Option<(u64, u64)>);

/// One source file's share of a report.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    /// The path LCOV's `SF:` names (absolute when the file was found).
    pub path: PathBuf,
    /// Hits per line with code.
    pub lines: BTreeMap<u32, u64>,
    /// Routines: (line, name, calls).
    pub functions: Vec<(u32, String, u64)>,
    /// Conditional branches.
    pub branches: Vec<Branch>,
}

impl FileReport {
    /// This file's totals.
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
        let mut slots = vec![0u16; ADDRS];
        let mut n = 1usize;
        for (pc, _) in info.instructions() {
            let a = usize::from(pc);
            if slots[a] != 0 || n > usize::from(u16::MAX) {
                continue;
            }
            slots[a] = n as u16;
            n += 1;
            let op = info.memory[a];
            if opcodes::is_branch(op) {
                kinds[a] = KIND_BRANCH;
            } else if op == opcodes::JSR {
                kinds[a] = KIND_JSR;
            }
        }
        Coverage {
            info,
            shared: Arc::new(Mutex::new(Shared {
                counts: Counts::new(n),
                autosave: None,
                dirty: false,
                save_error: None,
            })),
            slots: slots.into(),
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
            if let Err(e) = std::fs::create_dir_all(&dir) {
                // Straight to standard error: the test harness captures eprintln!, and
                // the tests pass either way.
                use std::io::Write as _;
                let _ = writeln!(
                    std::io::stderr(),
                    "{COVERAGE_ENV}={}: cannot make the directory for coverage files ({e}); \
                     no coverage is written",
                    dir.display()
                );
            }
            cov.lock().autosave = Some(dir.join(format!("{exe}-{program}.lcov")));
            at_exit::save(cov.clone());
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
            local: Counts::new(self.lock().counts.runs.len()),
            sink: self.clone(),
            pending_branch: None,
        })
    }

    /// Count a call of `target` from outside the program that did not go through
    /// `Machine::call` (the harness's calls with mocks in place).
    pub(crate) fn count_call(&self, target: u16) {
        let mut s = self.lock();
        *s.counts.calls.entry(target).or_default() += 1;
        s.dirty = true;
    }

    /// How often the program's instruction at `addr` ran (in the recorders merged so
    /// far; 0 for addresses that hold no instruction of the program).
    pub fn hits(&self, addr: u16) -> u64 {
        let slot = usize::from(self.slots[usize::from(addr)]);
        if slot == 0 {
            return 0;
        }
        self.lock().counts.runs[slot][0]
    }

    /// The last error writing the autosaved file, if any.
    pub fn save_error(&self) -> Option<String> {
        self.lock().save_error.clone()
    }

    fn merge(&self, counts: &Counts) {
        let mut s = self.lock();
        s.counts.add(counts);
        s.dirty = true;
    }

    /// Write the autosaved file if counts came in since it was last written.
    fn save(&self) {
        let mut s = self.lock();
        let Some(path) = s.autosave.clone().filter(|_| s.dirty) else {
            return;
        };
        let text = self.render(&s.counts);
        let tmp = path.with_extension("lcov.tmp");
        let result = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, &path));
        s.save_error = result.err().map(|e| format!("{}: {e}", path.display()));
        s.dirty = false;
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
            let [hits, taken, not_taken] = c.runs[usize::from(self.slots[a])];
            *f.lines.entry(r.line).or_default() += hits;
            let op = info.memory[a];
            if opcodes::is_branch(op) {
                let block = blocks.entry((r.file, r.line)).or_default();
                let ran = (hits > 0).then_some((taken, not_taken));
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
            let called = c.calls(addr) > 0 || jsr_targets.contains(&addr);
            let Some(r) = index.run_at(addr).filter(|r| r.code && called) else {
                continue;
            };
            files[r.file as usize]
                .functions
                .push((r.line, name.clone(), c.calls(addr)));
        }
        files
    }

    fn render(&self, c: &Counts) -> String {
        crate::lcov::render_lcov(&self.report(c))
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
    /// A branch that ran last (address, slot): which way it went shows at the next
    /// instruction.
    pending_branch: Option<(u16, usize)>,
}

impl Observer for Recorder {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        let a = usize::from(pc);
        let slot = usize::from(self.sink.slots[a]);
        self.local.runs[slot][0] += 1;
        if let Some((b, b_slot)) = self.pending_branch.take() {
            let next = b.wrapping_add(2);
            let target = next.wrapping_add(m.peek_banked(b.wrapping_add(1)) as i8 as u16);
            // Anything else is an interrupt that came in between: no sample.
            if pc == target && target != next {
                self.local.runs[b_slot][1] += 1;
            } else if pc == next {
                self.local.runs[b_slot][2] += 1;
            }
        }
        match self.sink.kinds[a] {
            0 => {}
            KIND_BRANCH => self.pending_branch = Some((pc, slot)),
            _ => {
                let lo = m.peek_banked(pc.wrapping_add(1));
                let hi = m.peek_banked(pc.wrapping_add(2));
                *self
                    .local
                    .calls
                    .entry(u16::from_le_bytes([lo, hi]))
                    .or_default() += 1;
            }
        }
    }

    fn call(&mut self, _m: &Machine, target: u16) {
        *self.local.calls.entry(target).or_default() += 1;
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

/// Writing the suite-wide files when the test binary exits (once, not after every
/// machine: a suite makes thousands).
mod at_exit {
    use std::sync::{Mutex, Once};

    use super::Coverage;

    static PENDING: Mutex<Vec<Coverage>> = Mutex::new(Vec::new());
    static HOOK: Once = Once::new();

    pub(super) fn save(cov: Coverage) {
        PENDING.lock().unwrap_or_else(|p| p.into_inner()).push(cov);
        HOOK.call_once(|| {
            // SAFETY: registers a plain function with the C runtime's exit handlers;
            // `save_all` never unwinds into it.
            unsafe {
                libc::atexit(save_all);
            }
        });
    }

    extern "C" fn save_all() {
        let _ = std::panic::catch_unwind(|| {
            for c in PENDING.lock().unwrap_or_else(|p| p.into_inner()).iter() {
                c.save();
                if let Some(e) = c.save_error() {
                    eprintln!(
                        "{}: cannot write the coverage file {e}",
                        super::COVERAGE_ENV
                    );
                }
            }
        });
    }
}
