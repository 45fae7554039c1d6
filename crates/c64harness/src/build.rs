//! [`Build`]: a program assembled once; [`Harness`]: a machine with it loaded.

use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::sync::Arc;

use c64asm::Program;
use c64emu::{CallResult, Machine, Observer, Stop, Target};

use crate::coverage::Coverage;
use crate::debug::DebugInfo;
use crate::error::Error;
use crate::hexdump::hexdump;
use crate::mock::MockSlot;
use crate::observe::Tee;
use crate::profile::{Profile, Profiler};

/// An assembled program with its source map and labels, ready to load into as many
/// machines as a test suite wants.
#[derive(Clone)]
pub struct Build {
    /// What the assembler made (bytes, symbols, listing, source map).
    pub program: Arc<Program>,
    /// The source map and labels in the form coverage, profiles and traces use.
    pub info: Arc<DebugInfo>,
}

impl Build {
    /// Assemble `path` with 64tass's default options.
    pub fn assemble(path: impl AsRef<Path>) -> Result<Build, Error> {
        let path = path.as_ref();
        let program = c64asm::assemble(path).map_err(Error::Assembly)?;
        Ok(Build::from_program(&path.display().to_string(), program))
    }

    /// A program assembled some other way (`c64asm::assemble_with`, `assemble_str`);
    /// `name` names it in reports.
    pub fn from_program(name: &str, program: Program) -> Build {
        let info = Arc::new(DebugInfo::from_program(name, &program));
        Build {
            program: Arc::new(program),
            info,
        }
    }

    /// The .prg file's bytes.
    pub fn prg(&self) -> Vec<u8> {
        self.program.prg_bytes()
    }

    /// The address (or 16-bit value) of a symbol.
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.program
            .symbol(name)
            .and_then(|v| u16::try_from(v).ok())
    }

    /// The label naming `addr` (one per address, as the machine names it).
    pub fn label_at(&self, addr: u16) -> Option<&str> {
        self.info.names.get(&addr).map(String::as_str)
    }

    /// A machine (stub KERNAL, the cold-start state) with the program loaded as
    /// LOAD"",8,1 would and its labels known. With `C64KIT_COVERAGE=DIR` set it
    /// records coverage for the whole test binary.
    pub fn machine(&self) -> Result<Harness, Error> {
        self.load_into(Machine::new())
    }

    /// [`Build::machine`] on a machine of the caller's (the user's ROMs, a disk...).
    pub fn load_into(&self, mut machine: Machine) -> Result<Harness, Error> {
        machine.load_prg(&self.prg()).map_err(Error::Load)?;
        let mut h = Harness::around(machine, self.info.clone());
        h.program = Some(Arc::clone(&self.program));
        Ok(h)
    }
}

/// A machine with a program loaded and its labels known; it derefs to the
/// [`Machine`] for everything else (`run_until_idle`, `snapshot`, `peek`...).
#[derive(Clone)]
pub struct Harness {
    pub(crate) machine: Machine,
    info: Arc<DebugInfo>,
    pub(crate) coverage: Option<Coverage>,
    pub(crate) mocks: Vec<MockSlot>,
    /// The assembled program, when it came from a [`Build`] (for `C64KIT_DEBUG`).
    pub(crate) program: Option<Arc<Program>>,
}

impl Deref for Harness {
    type Target = Machine;
    fn deref(&self) -> &Machine {
        &self.machine
    }
}

impl DerefMut for Harness {
    fn deref_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }
}

impl Harness {
    /// A harness around a machine that already holds the program `info` describes.
    pub fn around(mut machine: Machine, info: Arc<DebugInfo>) -> Harness {
        machine.set_symbols(info.labels.iter().cloned());
        let coverage = Coverage::from_env(&info);
        let mut h = Harness {
            machine,
            info,
            coverage,
            mocks: Vec::new(),
            program: None,
        };
        h.observe(None);
        h
    }

    /// A copy of this machine that records nothing (no coverage, no observers).
    pub fn plain(&self) -> Harness {
        let mut machine = self.machine.clone();
        machine.set_observer(None);
        Harness {
            machine,
            info: self.info.clone(),
            coverage: None,
            mocks: self.mocks.clone(),
            program: self.program.clone(),
        }
    }

    /// The program's debug information.
    pub fn info(&self) -> &Arc<DebugInfo> {
        &self.info
    }

    /// The machine itself (it goes on recording coverage, if it did).
    pub fn into_machine(self) -> Machine {
        self.machine
    }

    /// Record coverage into `coverage` (replacing `C64KIT_COVERAGE`'s, if any).
    pub fn record_coverage(&mut self, coverage: &Coverage) {
        self.coverage = Some(coverage.clone());
        self.observe(None);
    }

    /// The coverage this machine records into, if any.
    pub fn coverage(&self) -> Option<&Coverage> {
        self.coverage.as_ref()
    }

    /// Put the coverage recorder (a fresh one: the old one's counts join the total)
    /// and `extra` on the machine.
    fn observe(&mut self, extra: Option<Box<dyn Observer>>) {
        self.set_observers(extra.into_iter().collect());
    }

    /// Show every instruction to `observers` (a [`crate::Watch`], a [`Profiler`]...)
    /// besides the coverage recorder, replacing the ones put there before (which are
    /// dropped: their handles get what they saw). An empty list leaves coverage alone.
    pub fn set_observers(&mut self, observers: Vec<Box<dyn Observer>>) {
        let mut all = Vec::new();
        if let Some(c) = &self.coverage {
            all.push(c.recorder());
        }
        all.extend(observers);
        self.machine.set_observer(Tee::of(all));
    }

    /// The address of a label or constant; panics naming it when there is none (for
    /// tests: a typo should fail loudly).
    pub fn addr(&self, name: &str) -> u16 {
        self.machine
            .resolve(name)
            .or_else(|| {
                self.info
                    .constants
                    .iter()
                    .find(|(_, n)| n.iter().any(|n| n == name))
                    .map(|(&v, _)| v)
            })
            .unwrap_or_else(|| panic!("the program has no label or constant `{name}`"))
    }

    /// `label+offset` for an address.
    pub fn describe(&self, addr: u16) -> String {
        self.info.describe(addr)
    }

    /// [`Machine::call`] with a profile of the call: cycles per routine along the
    /// call stack, adding up to the call's cycles (JSR and RTS included).
    pub fn profile_call(
        &mut self,
        target: impl Into<Target>,
        max_cycles: u64,
    ) -> Result<(CallResult, Profile), Stop> {
        let target = target.into();
        let root = match &target {
            Target::Addr(a) => *a,
            Target::Name(n) => self
                .machine
                .resolve(n)
                .ok_or_else(|| Stop::UnknownTarget(n.clone()))?,
        };
        let (profiler, handle) = Profiler::new(Some(root), self.machine.cpu_cycles());
        self.observe(Some(profiler));
        let result = self.call(root, max_cycles);
        self.observe(None);
        let profile = handle.finish(self.machine.cpu_cycles(), |a| self.name(a));
        result.map(|r| (r, profile))
    }

    /// A routine's name for profiles: its label, `label+offset`, a stub KERNAL
    /// routine's name, or `$C000`.
    pub fn name(&self, addr: u16) -> String {
        routine_name(&self.info, addr)
    }

    /// Hex dump of `len` bytes as the CPU sees them (ROM, I/O, RAM), wrapping at $FFFF.
    pub fn dump(&self, addr: impl Into<Target>, len: u16) -> String {
        let addr = match addr.into() {
            Target::Addr(a) => a,
            Target::Name(n) => self.addr(&n),
        };
        let bytes: Vec<u8> = (0..len)
            .map(|i| self.machine.peek_banked(addr.wrapping_add(i)))
            .collect();
        hexdump(addr, &bytes)
    }
}

/// A routine's name in profiles: its label, else the stub KERNAL's name for it
/// (CHROUT), else `label+offset` or `$C000`.
pub fn routine_name(info: &DebugInfo, addr: u16) -> String {
    if let Some(n) = info.names.get(&addr) {
        return n.clone();
    }
    if addr == crate::mock::TRAP {
        return "(mock)".to_string();
    }
    if let Some(r) = c64emu::stub_routines()
        .into_iter()
        .find(|r| r.jump == Some(addr) || r.addr == addr)
    {
        return r.name.to_string();
    }
    info.describe(addr)
}
