//! Running one row on `c64kit run`, as VICE's testbench runs x64sc: the debug
//! cartridge on, the cycle limit counted from power-on, the program autostarted, a JAM
//! left jammed until the limit (-jamaction 1), a screenshot at the end for screenshot
//! rows. Rows run in parallel, each in its own process.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::list::{Kind, Row};
use crate::published::Status;
use crate::screens::{self, Picture};

/// How to run rows.
pub struct Runner {
    /// The `c64kit` binary.
    pub c64kit: PathBuf,
    /// The folder the list's paths are relative to (`testbench/`).
    pub list_dir: PathBuf,
    /// The user's ROMs (None: the stub KERNAL).
    pub roms: Option<PathBuf>,
    /// Whether `c64kit run` takes `--cia` (the rows' cia-old/cia-new are passed on).
    pub has_cia_flag: bool,
    /// Whether `c64kit run` takes `--vic` (the VIC-II the rows ask for is passed on).
    pub has_vic_flag: bool,
    /// Whether `c64kit run` takes `--sid` (the SID the rows ask for is passed on).
    pub has_sid_flag: bool,
    /// Whether `c64kit run` takes `--cart`, `--reu` and `--georam` (older builds do
    /// not: rows that need them are unsupported).
    pub has_expansion_flags: bool,
    /// Whether `c64kit run` takes `--dqbb`, `--ramcart`, `--isepic` and `--plus60k`.
    pub has_memory_flags: bool,
    /// A 1541 DOS ROM: every row runs with a true drive (`--drive-rom`), as x64sc
    /// runs them with its true drive emulation (None: c64kit's virtual drive).
    pub drive_rom: Option<PathBuf>,
    /// Where screenshots go while they are compared.
    pub scratch: PathBuf,
    /// Wall-clock limit of one row (a safety net: the cycle limit ends every run).
    pub wall_limit: Duration,
}

/// What became of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A status as VICE's testbench gives it.
    Done(Status),
    /// c64kit stopped for another reason (BRK, an unimplemented KERNAL entry, a load
    /// error...): never a pass.
    Stopped,
    /// The row needs a machine c64kit does not have (the options are named in the detail).
    Unsupported,
}

impl Outcome {
    /// The word the CSV uses.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Done(s) => s.word(),
            Outcome::Stopped => "stopped",
            Outcome::Unsupported => "unsupported",
        }
    }

    /// The outcome a CSV word names.
    pub fn from_word(w: &str) -> Option<Outcome> {
        match w {
            "stopped" => Some(Outcome::Stopped),
            "unsupported" => Some(Outcome::Unsupported),
            _ => Status::from_word(w).map(Outcome::Done),
        }
    }
}

/// A row's result: the outcome and a line that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowResult {
    /// What became of the row.
    pub outcome: Outcome,
    /// c64kit's stop message, the option it lacks, or the first differing pixel.
    pub detail: String,
}

impl RowResult {
    fn new(outcome: Outcome, detail: impl Into<String>) -> RowResult {
        RowResult {
            outcome,
            detail: detail.into(),
        }
    }

    /// Whether the row passed.
    pub fn passed(&self, row: &Row) -> bool {
        matches!(self.outcome, Outcome::Done(s) if s.passes(row.expect()))
    }
}

/// Whether `c64kit run --help` lists `flag` (`--cia`, `--vic`: older builds lack them).
pub fn has_flag(c64kit: &Path, flag: &str) -> bool {
    Command::new(c64kit)
        .args(["run", "--help"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(flag))
}

impl Runner {
    /// Runs every row, `jobs` at a time; `progress` hears of each as it ends.
    pub fn run_all(
        &self,
        rows: &[Row],
        jobs: usize,
        progress: &(dyn Fn(usize, &Row, &RowResult) + Sync),
    ) -> Vec<RowResult> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<RowResult>>> = Mutex::new(vec![None; rows.len()]);
        std::thread::scope(|s| {
            for _ in 0..jobs.max(1) {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(row) = rows.get(i) else { break };
                        let r = self.run(row, i);
                        progress(i, row, &r);
                        if let Ok(mut all) = results.lock() {
                            all[i] = Some(r);
                        }
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.unwrap_or_else(|| RowResult::new(Outcome::Stopped, "not run")))
            .collect()
    }

    /// Runs one row (`n` names its scratch files).
    pub fn run(&self, row: &Row, n: usize) -> RowResult {
        let machine = row.machine();
        if !machine.unsupported.is_empty() {
            return RowResult::new(
                Outcome::Unsupported,
                format!("needs {}", machine.unsupported.join(", ")),
            );
        }
        if machine.needs_true_drive && self.drive_rom.is_none() {
            return RowResult::new(
                Outcome::Unsupported,
                "its G64/P64 disk needs a true 1541 (--drive-rom)",
            );
        }
        let expansion = machine.cart.is_some() || machine.reu.is_some() || machine.georam.is_some();
        if expansion && !self.has_expansion_flags {
            return RowResult::new(Outcome::Unsupported, "c64kit has no --cart/--reu/--georam");
        }
        if !machine.memory.is_empty() && !self.has_memory_flags {
            return RowResult::new(
                Outcome::Unsupported,
                "c64kit has no --dqbb/--ramcart/--isepic/--plus60k",
            );
        }
        // A row without a program starts its cartridge (its picture is named after it).
        let name = match (row.program.as_str(), &machine.cart) {
            ("", Some(cart)) => cart.as_str(),
            ("", None) => return RowResult::new(Outcome::Unsupported, "no program to start"),
            (program, _) => program,
        };
        let dir = self.list_dir.join(&row.path);
        let reference = match row.kind {
            Kind::Screenshot => match screens::reference(&dir, name, machine.vic) {
                Some(r) => Some(r),
                None => {
                    return RowResult::new(Outcome::Done(Status::NoRef), "no reference picture");
                }
            },
            Kind::ExitCode => None,
        };
        let mut cmd = Command::new(&self.c64kit);
        cmd.current_dir(&dir)
            .args(["run", "--headless", "--debugcart", "--jam", "continue"])
            .arg("--max-cycles")
            .arg(row.cycles.to_string())
            .env_remove("C64KIT_ROMS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(roms) = &self.roms {
            cmd.arg("--roms").arg(roms);
        }
        if let (Some(cia), true) = (machine.cia, self.has_cia_flag) {
            cmd.args(["--cia", cia]);
        }
        if self.has_vic_flag {
            cmd.args(["--vic", machine.vic]);
        }
        if self.has_sid_flag {
            cmd.args(["--sid", machine.sid]);
        }
        if let Some(disk) = &machine.disk {
            cmd.arg("--disk").arg(dir.join(disk));
        }
        if let Some(rom) = &self.drive_rom {
            cmd.arg("--drive-rom").arg(rom);
        }
        if let Some(cart) = &machine.cart {
            cmd.arg("--cart").arg(dir.join(cart));
        }
        if let Some(size) = &machine.reu {
            cmd.args(["--reu", size]);
        }
        if let Some(size) = &machine.georam {
            cmd.args(["--georam", size]);
        }
        cmd.args(&machine.memory);
        let shot = self.scratch.join(format!("row{n}.png"));
        if reference.is_some() {
            let _ = std::fs::remove_file(&shot);
            cmd.arg("--screenshot").arg(&shot);
        }
        if !row.program.is_empty() {
            cmd.arg(dir.join(&row.program));
        }
        let stop = match self.wait(cmd) {
            Ok(line) => line,
            Err(e) => return RowResult::new(Outcome::Stopped, e),
        };
        let status = if let Some(v) = stop.strip_prefix("debug cartridge: $") {
            match v.get(..2) {
                Some("00") => Status::Ok,
                _ => Status::Error,
            }
        } else if stop.starts_with("cycle limit reached") {
            Status::Timeout
        } else {
            return RowResult::new(Outcome::Stopped, stop);
        };
        let (Some(reference), Status::Ok | Status::Error) = (reference, status) else {
            return RowResult::new(Outcome::Done(status), stop);
        };
        // The testbench compares the pictures whatever was written; they decide.
        let compared = Picture::read(&reference).and_then(|r| {
            let s = Picture::read(&shot)?;
            Ok(screens::first_difference(
                &r,
                screens::vice_origin(&r),
                &s,
                screens::c64kit_origin(machine.vic),
            ))
        });
        let _ = std::fs::remove_file(&shot);
        match compared {
            Ok(None) => RowResult::new(Outcome::Done(Status::Ok), format!("{stop}; same picture")),
            Ok(Some((x, y))) => RowResult::new(
                Outcome::Done(Status::Error),
                format!("{stop}; pictures differ at x {x}, y {y} of the text screen"),
            ),
            Err(e) => RowResult::new(Outcome::Done(Status::Error), e),
        }
    }

    /// Runs the command and returns the last line it wrote to standard error.
    fn wait(&self, mut cmd: Command) -> Result<String, String> {
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start c64kit: {e}"))?;
        let mut stderr = child.stderr.take();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(e) = stderr.as_mut() {
                use std::io::Read;
                let _ = e.read_to_string(&mut text);
            }
            text
        });
        let start = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if start.elapsed() > self.wall_limit => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!("still running after {:?}", self.wall_limit));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => return Err(e.to_string()),
            }
        }
        let text = reader.join().unwrap_or_default();
        // Paths as the list writes them (relative to its folder), not this machine's.
        let line = text.lines().last().unwrap_or("").trim();
        let prefix = format!("{}/", self.list_dir.display());
        Ok(line.replace(&prefix, ""))
    }
}
