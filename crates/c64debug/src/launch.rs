//! `launch`: assemble or read the program, load it into a new machine and put the PC
//! at its entry, as `c64kit run` starts it (SYS line, else the load address).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use c64emu::Machine;
use serde_json::Value;

use crate::Config;
use crate::error::{Error, bad};
use crate::exec::{self, Tracker, Watch};
use crate::history::History;
use crate::info::DebugInfo;

/// A loaded program on its machine, and what the debugger keeps about it.
pub struct Loaded {
    /// The machine, at the program's entry until the client lets it run.
    pub machine: Machine,
    /// Source lines and labels.
    pub info: Arc<DebugInfo>,
    /// The call stack and the breakpoints, shared with the machine's observer.
    pub tracker: Arc<Mutex<Tracker>>,
    /// The file launched.
    pub program: PathBuf,
    /// Warnings of the assembly, for the debug console.
    pub warnings: String,
    /// Checkpoints of the run so far, for going back.
    pub history: History,
}

/// The launch request's arguments that c64debug reads.
pub struct LaunchArgs {
    /// The `.asm` or `.prg`.
    pub program: PathBuf,
    /// A VICE label file for a `.prg`.
    pub labels: Option<PathBuf>,
    /// Stop at the entry once configured.
    pub stop_on_entry: bool,
    /// Keys typed as the program asks for them (`c64kit run --keys` notation).
    pub keys: Option<String>,
}

impl LaunchArgs {
    /// From the request's JSON.
    pub fn from_json(args: &Value) -> Result<LaunchArgs, Error> {
        let program = args
            .get("program")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("launch needs \"program\": the .asm or .prg to debug"))?;
        let cwd = args.get("cwd").and_then(Value::as_str).map(PathBuf::from);
        let in_cwd = |p: &str| match &cwd {
            Some(d) if Path::new(p).is_relative() => d.join(p),
            _ => PathBuf::from(p),
        };
        Ok(LaunchArgs {
            program: in_cwd(program),
            labels: args.get("labels").and_then(Value::as_str).map(in_cwd),
            stop_on_entry: args
                .get("stopOnEntry")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            keys: args.get("keys").and_then(Value::as_str).map(String::from),
        })
    }
}

impl Loaded {
    /// Load a program for debugging.
    pub fn launch(args: &LaunchArgs, config: &Config) -> Result<Loaded, Error> {
        let path = &args.program;
        let is_asm = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("asm") || e.eq_ignore_ascii_case("s"));
        let (prg, info, warnings) = if is_asm {
            let program = c64asm::assemble_with(path, &config.asm)
                .map_err(|d| Error::Launch(format!("{}: assembly failed\n{d}", path.display())))?;
            let info = DebugInfo::from_program(&program, path);
            (program.prg_bytes(), info, program.warnings.to_string())
        } else {
            let bytes = std::fs::read(path)
                .map_err(|e| Error::Launch(format!("cannot read {}: {e}", path.display())))?;
            let labels = match &args.labels {
                Some(l) => {
                    let text = std::fs::read_to_string(l)
                        .map_err(|e| Error::Launch(format!("cannot read {}: {e}", l.display())))?;
                    c64asm::parse_vice_labels(&text)
                        .map_err(|e| Error::Launch(format!("{}: {e}", l.display())))?
                }
                None => Vec::new(),
            };
            (bytes, DebugInfo::from_labels(labels), String::new())
        };
        let mut machine = Machine::new();
        // No window shows the picture: the VIC keeps its timing without drawing.
        machine.set_drawing(false);
        if let Some(keys) = &args.keys {
            machine
                .try_type_keys(keys)
                .map_err(|e| Error::Launch(format!("keys: {e}")))?;
        }
        let loaded = machine
            .load_prg(&prg)
            .map_err(|e| Error::Launch(format!("{}: {e}", path.display())))?;
        match loaded.sys {
            Some(sys) => machine.start_at(sys),
            None => machine.start_at(loaded.start),
        }
        let mut target = Loaded::around(machine, info, path);
        target.warnings = warnings;
        Ok(target)
    }

    /// A machine set up elsewhere (a test's), with the program's debug information;
    /// `program` names it.
    pub fn around(mut machine: Machine, info: DebugInfo, program: &Path) -> Loaded {
        machine.set_symbols(info.labels.iter().cloned());
        let info = Arc::new(info);
        let tracker = Arc::new(Mutex::new(Tracker::new(Arc::clone(&info))));
        machine.set_observer(Some(Box::new(Watch(Arc::clone(&tracker)))));
        let mut target = Loaded {
            machine,
            info,
            tracker,
            program: program.to_path_buf(),
            warnings: String::new(),
            history: History::default(),
        };
        // The history starts where the debugger got the machine.
        target.checkpoint(false);
        target
    }
}

impl Loaded {
    /// The call stack and breakpoints (the machine is not running while this is held).
    pub fn tracker(&self) -> MutexGuard<'_, Tracker> {
        exec::lock(&self.tracker)
    }
}
