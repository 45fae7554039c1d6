//! A test as the file describes it, before its expressions have values: what to set
//! up, what to run, what to expect. `parse` makes it from the tree, `plan` turns it
//! into a runnable [`super::Test`] once the assembler has evaluated the expressions.

use std::path::PathBuf;

use crate::regs::{Flag, Reg};

use super::diag::Place;

/// A number: written as an integer, or a 64tass expression (an index into the
/// suite's expressions).
#[derive(Clone, Debug)]
pub enum Num {
    /// An integer literal.
    Lit(i64, Place),
    /// An expression, evaluated by the assembler.
    Expr(usize, Place),
}

impl Num {
    /// Where it is written.
    pub fn place(&self) -> &Place {
        match self {
            Num::Lit(_, p) | Num::Expr(_, p) => p,
        }
    }
}

/// Bytes to put in memory or to find there.
#[derive(Clone, Debug)]
pub enum Data {
    /// Bytes, each a number that fits a byte.
    Bytes(Vec<Num>),
    /// Little-endian words.
    Words(Vec<Num>),
    /// Text as 64tass's `.text` encodes it (an index into the suite's texts).
    Text(usize),
    /// A byte repeated.
    Fill { value: Num, len: Num },
    /// A file's bytes.
    File(PathBuf),
    /// Rows of characters, each character a byte by the file's `[chars]`.
    Chars(Vec<(String, Place)>),
}

/// A place in memory and its bytes.
#[derive(Clone, Debug)]
pub struct Mem {
    /// The address.
    pub addr: Num,
    /// The bytes.
    pub data: Data,
    /// Where the value is written (for messages).
    pub place: Place,
}

/// A register or a flag with its value.
#[derive(Clone, Debug)]
pub enum RegSpec {
    /// A byte register.
    Reg(Reg, Num),
    /// A flag.
    Flag(Flag, bool, Place),
}

/// Where a run starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// At the program's SYS line, as RUN would.
    Sys,
    /// At an address, as SYS would.
    At(Num),
}

/// Where a run ends.
#[derive(Clone, Debug)]
pub enum Until {
    /// When the program returns to BASIC.
    Basic,
    /// When PC reaches the address.
    Reach(Num),
    /// When the program waits for a key and every key given was typed.
    Idle,
}

/// What the test runs.
#[derive(Clone, Debug)]
pub enum Action {
    /// JSR to the routine, until its RTS.
    Call(Num),
    /// Start and run.
    Run(Start, Until),
}

/// A mocked routine.
#[derive(Clone, Debug)]
pub struct MockSpec {
    /// The routine.
    pub target: Num,
    /// Registers and flags it returns.
    pub regs: Vec<RegSpec>,
    /// Memory it writes.
    pub mem: Vec<Mem>,
    /// The number of calls expected.
    pub calls: Option<(u64, Place)>,
}

/// How cycles are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// Exactly.
    Eq,
    /// At most.
    Le,
    /// Fewer than.
    Lt,
    /// At least.
    Ge,
    /// More than.
    Gt,
}

impl Cmp {
    /// Does `actual` compare so with `want`?
    pub fn holds(self, actual: u64, want: u64) -> bool {
        match self {
            Cmp::Eq => actual == want,
            Cmp::Le => actual <= want,
            Cmp::Lt => actual < want,
            Cmp::Ge => actual >= want,
            Cmp::Gt => actual > want,
        }
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Le => "<=",
            Cmp::Lt => "<",
            Cmp::Ge => ">=",
            Cmp::Gt => ">",
        }
    }
}

/// How a run is expected to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopKind {
    /// A call returned (RTS), a run reached its label, went idle or returned to BASIC.
    Normal,
    /// A BRK.
    Brk,
    /// A JAM opcode.
    Jam,
    /// The cycle budget ran out.
    CycleLimit,
}

impl StopKind {
    /// The names a test file uses.
    pub const NAMES: [(&'static str, StopKind); 4] = [
        ("return", StopKind::Normal),
        ("brk", StopKind::Brk),
        ("jam", StopKind::Jam),
        ("cycle_limit", StopKind::CycleLimit),
    ];
}

/// An address range: `label` (the bytes its statement wrote, or 1), `addr:len`.
#[derive(Clone, Debug)]
pub struct Range {
    /// First address.
    pub start: Num,
    /// Length, when given.
    pub len: Option<Num>,
}

/// What the test expects.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    /// Memory.
    pub mem: Vec<Mem>,
    /// Registers and flags.
    pub regs: Vec<RegSpec>,
    /// Cycles of the call or run.
    pub cycles: Option<(Cmp, u64, Place)>,
    /// Screen rows from the top (trailing spaces ignored).
    pub screen: Vec<(usize, String, Place)>,
    /// Text somewhere on the screen.
    pub screen_contains: Vec<(String, Place)>,
    /// Addresses that must run.
    pub reached: Vec<Num>,
    /// Addresses that must not run.
    pub not_reached: Vec<Num>,
    /// The only places the program's instructions may write (the stack below the
    /// caller's is always allowed).
    pub writes_only: Option<(Vec<Range>, Place)>,
    /// No read of a byte nothing defined.
    pub no_uninitialised_reads: Option<Place>,
    /// No write over the program's instructions.
    pub no_code_writes: Option<Place>,
    /// No read of ROM at an address the program wrote (strict mode).
    pub no_rom_shadow_reads: Option<Place>,
    /// Registers the call must leave as they were.
    pub preserved: Vec<(Reg, Place)>,
    /// How the run stops (default: normally).
    pub stop: Option<(StopKind, Place)>,
}

/// One test (one row of a table of cases).
#[derive(Clone, Debug)]
pub struct TestSpec {
    /// Its name (with the row's values for a table of cases).
    pub name: String,
    /// Where the test is.
    pub place: Place,
    /// Not run, for this reason.
    pub skip: Option<String>,
    /// Memory set before the run, in order.
    pub mem: Vec<Mem>,
    /// Registers set before the run.
    pub regs: Vec<RegSpec>,
    /// Keys typed as the program asks.
    pub keys: Option<(String, Place)>,
    /// Routines called before, in order.
    pub before: Vec<Num>,
    /// Mocked routines.
    pub mocks: Vec<MockSpec>,
    /// What runs.
    pub action: Action,
    /// The cycle budget.
    pub max_cycles: u64,
    /// What must hold afterwards.
    pub expect: Expect,
}
