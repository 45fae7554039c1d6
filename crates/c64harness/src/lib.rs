//! c64harness: test and measure 6502 programs from Rust, on top of the `c64asm`
//! assembler and the `c64emu` emulator (which stays independent of the assembler).
//!
//! - [`Build`]: a program assembled once, with its source map and labels;
//!   [`Build::machine`] gives a [`Harness`], a machine with the program loaded and its
//!   labels known (symbols both ways), as many times as tests want.
//! - [`Harness`]: a [`Machine`](c64emu::Machine) (it derefs to one: `run_until_idle`,
//!   `snapshot`/`restore`, `peek`/`poke`...) plus calls by label that count for coverage,
//!   [`Harness::profile_call`], [`Harness::dump`].
//! - [`Coverage`]: LCOV coverage over any number of machines (`C64KIT_COVERAGE=DIR`
//!   turns it on for a whole `cargo test`); [`Profiler`]/[`Profile`]: cycles per routine
//!   as folded stacks, a table and a flamegraph; [`TraceNotes`]: source places for
//!   `--trace`.
//! - `C64KIT_DEBUG=PORT cargo test NAME`: a failing test serves its machine, as it was
//!   at its last call, to a DAP debugger that attaches (`c64kit debug`'s protocol).
//! - Label files: [`read_labels`] reads what `c64kit build --vice-labels` and 64tass
//!   write, with scoped names spelled `scope.name` everywhere.
//!
//! See docs/testing.md.

mod access;
mod build;
mod coverage;
mod dap;
mod debug;
mod error;
mod hexdump;
mod lcov;
mod mock;
mod observe;
mod opcodes;
mod profile;
mod regs;
mod source;
pub mod suite;
mod trace;
mod watch;

pub use build::{Build, Harness, routine_name};
pub use coverage::{Branch, COVERAGE_ENV, Coverage, FileReport, Summary};
pub use dap::{CallSite, CallWatcher, DEBUG_ENV, watch_calls};
pub use debug::DebugInfo;
pub use error::Error;
pub use hexdump::hexdump;
pub use lcov::{merge_lcov, render_lcov, total};
pub use mock::{Mock, MockId, TRAP};
pub use observe::Tee;
pub use profile::{Profile, ProfileHandle, Profiler, RoutineStats};
pub use regs::{Flag, Reg, RegValues};
pub use source::{Place, Run, SourceIndex};
pub use trace::TraceNotes;
pub use watch::{AddrSet, Hit, Watch, WatchHandle, WatchSpec, Watched};

/// Labels from a VICE label file: the same code reads what the assembler writes.
pub fn read_labels(text: &str) -> Result<Vec<(String, u16)>, Error> {
    c64asm::parse_vice_labels(text).map_err(Error::Labels)
}
