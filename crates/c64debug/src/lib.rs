//! c64debug: a Debug Adapter Protocol server on c64kit's machine.
//!
//! Editors (VS Code and others) start `c64kit debug` and speak DAP over its stdin and
//! stdout; [`serve`] is that session. The program is a `.asm` assembled in-process by
//! c64asm (its source map gives every line's code, its labels the names) or a `.prg`
//! with a VICE label file. The machine is held until the client's `configurationDone`,
//! so no breakpoint is missed at start-up.
//!
//! The modules follow a request: [`wire`] reads and writes messages, `session` answers
//! them, `launch` loads the program (or `attach` serves a machine this process holds
//! on a port), `exec` runs and steps the machine (checking [`breakpoints`] and
//! following the [`stack`] before each instruction, data breakpoints through the
//! machine's watch, raster breakpoints by runs to their line, and recording the
//! [`history`]),
//! `reverse` goes back by replaying it, `inspect` shows registers, frames and memory,
//! [`chips`] the VIC-II, CIA and SID registers by name, `disassembly` the instructions
//! with their source lines, [`expr`] evaluates 64tass expressions through c64asm,
//! [`info`] maps addresses to source lines.

mod attach;
pub mod breakpoints;
pub mod chips;
mod disassembly;
mod error;
mod exec;
pub mod expr;
pub mod history;
pub mod info;
mod inspect;
mod launch;
mod reverse;
mod session;
pub mod stack;
pub mod wire;

use std::io::{BufReader, Read, Write};
use std::sync::mpsc;

pub use attach::{Served, serve_listener};
pub use error::Error;
pub use info::DebugInfo;
pub use launch::{LaunchArgs, Loaded};
pub use session::{Left, View};

/// How the server assembles `.asm` programs.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// 64tass's options for every `.asm` a client launches.
    pub asm: c64asm::Options,
}

/// Serve one debug session: read requests from `input`, write responses and events to
/// `output`, until the client disconnects or the input ends.
pub fn serve<R, W>(input: R, output: W, config: Config) -> Result<(), Error>
where
    R: Read + Send + 'static,
    W: Write,
{
    session::Session::new(output, config)
        .run(reader(input)?)
        .map(|_| ())
}

/// [`serve`], showing the machine in `view` (a window) while the session runs: drawn
/// about 50 times a second, also while stopped; closing it ends the session.
pub fn serve_viewed<R, W>(input: R, output: W, config: Config, view: View) -> Result<(), Error>
where
    R: Read + Send + 'static,
    W: Write,
{
    session::Session::new(output, config)
        .with_view(view)
        .run(reader(input)?)
        .map(|_| ())
}

/// Serve one client on a machine this process holds (a program started by
/// `c64kit debug --port N PROGRAM`, a test's machine): the client sends `attach`.
/// `stopped` says why the machine is stopped (None: it runs once the client is
/// configured). Returns what the session leaves: the machine, and whether the client
/// let it go on.
pub fn serve_attached<R, W>(
    input: R,
    output: W,
    config: Config,
    target: Loaded,
    stopped: Option<String>,
) -> Result<Left, Error>
where
    R: Read + Send + 'static,
    W: Write,
{
    serve_attached_viewed(input, output, config, target, stopped, None)
}

/// [`serve_attached`], showing the machine in `view` while the session runs.
fn serve_attached_viewed<R, W>(
    input: R,
    output: W,
    config: Config,
    target: Loaded,
    stopped: Option<String>,
    view: Option<View>,
) -> Result<Left, Error>
where
    R: Read + Send + 'static,
    W: Write,
{
    let session = session::Session::attached(output, config, target, stopped);
    match view {
        Some(v) => session.with_view(v),
        None => session,
    }
    .run(reader(input)?)
}

/// The client's messages, read on a thread of their own so requests (pause) come in
/// while the machine runs; it ends with the input, or when the session is gone.
fn reader<R: Read + Send + 'static>(input: R) -> Result<mpsc::Receiver<wire::Frame>, Error> {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("dap-reader".into())
        .spawn(move || {
            let mut r = BufReader::new(input);
            while let Ok(Some(frame)) = wire::read_frame(&mut r) {
                if tx.send(frame).is_err() {
                    break;
                }
            }
        })?;
    Ok(rx)
}
