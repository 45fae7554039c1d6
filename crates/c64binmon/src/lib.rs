//! c64binmon: VICE's binary monitor protocol (API version 2), the remote-control
//! protocol VICE front ends speak (VS64, IceBroLite, C64 Studio, MCP servers), without a
//! machine: the framing of commands and responses ([`frame`]), commands decoded into
//! values ([`command`]), response bodies ([`reply`]) and the checkpoint table with its
//! conditions ([`checkpoint`], [`cond`]). `c64kit run --binary-monitor` puts it in front
//! of c64emu's machine; docs/debugging.md describes what it answers.
//!
//! The specification is the "Binary monitor" chapter of VICE's manual (vice.texi).

pub mod checkpoint;
pub mod command;
pub mod cond;
pub mod frame;
pub mod reply;

pub use checkpoint::{Checkpoint, Checkpoints, Op};
pub use command::{Command, decode};
pub use frame::{Decoder, EVENT_ID, Error, Frame, Incoming, response};
