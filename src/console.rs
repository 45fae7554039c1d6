//! Standard output and error without panics: `println!` panics when stdout is full
//! (`>/dev/full`) or closed (`| head -0`). Here a failed write is remembered, later
//! writes to that stream are skipped, and [`finish`] reports it and turns a successful
//! exit into a failure.
//!
//! Use `outln!`/`out!` for results (stdout) and `errln!`/`err!` for messages (stderr),
//! like `println!`/`print!`/`eprintln!`/`eprint!`; end `main` with [`finish`].

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a write to stdout, stderr has failed.
static FAILED: [AtomicBool; 2] = [AtomicBool::new(false), AtomicBool::new(false)];
/// Why stdout failed, for the report.
static REASON: Mutex<Option<String>> = Mutex::new(None);

const STDOUT: usize = 0;
const STDERR: usize = 1;

fn failed(stream: usize) -> bool {
    FAILED[stream].load(Ordering::Relaxed)
}

fn write_to(stream: usize, args: fmt::Arguments<'_>) -> bool {
    if failed(stream) {
        return false;
    }
    let result = if stream == STDOUT {
        let mut out = io::stdout().lock();
        out.write_fmt(args).and_then(|()| out.flush())
    } else {
        let mut err = io::stderr().lock();
        err.write_fmt(args).and_then(|()| err.flush())
    };
    match result {
        Ok(()) => true,
        Err(e) => {
            record(stream, &e);
            false
        }
    }
}

fn record(stream: usize, e: &io::Error) {
    FAILED[stream].store(true, Ordering::Relaxed);
    if stream == STDOUT
        && let Ok(mut r) = REASON.lock()
    {
        *r = Some(e.to_string());
    }
}

/// Writes to stdout; false if it failed (now or before). Behind `outln!`.
pub fn to_stdout(args: fmt::Arguments<'_>) -> bool {
    write_to(STDOUT, args)
}

/// Writes bytes (a program, not text) to stdout; false if it failed (now or before).
pub fn bytes_to_stdout(bytes: &[u8]) -> bool {
    if failed(STDOUT) {
        return false;
    }
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) => {
            record(STDOUT, &e);
            false
        }
    }
}

/// Writes to stderr; false if it failed (now or before). Behind `errln!`.
pub fn to_stderr(args: fmt::Arguments<'_>) -> bool {
    write_to(STDERR, args)
}

/// Whether a write to stdout or stderr has failed so far.
pub fn any_failed() -> bool {
    failed(STDOUT) || failed(STDERR)
}

/// The exit status to return from `main`: `code`, unless stdout or stderr failed, which
/// is reported (on stderr, if it still works) and makes a success a failure.
pub fn finish(code: ExitCode) -> ExitCode {
    if failed(STDOUT) {
        let reason = REASON
            .lock()
            .ok()
            .and_then(|r| r.clone())
            .unwrap_or_default();
        to_stderr(format_args!(
            "error: cannot write to standard output: {reason}\n"
        ));
    }
    if any_failed() && code == ExitCode::SUCCESS {
        ExitCode::FAILURE
    } else {
        code
    }
}

/// Prints a clap error, `--help` or `--version` (with clap's colours) and returns the
/// exit status, failing if the text could not be written.
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    let stream = if e.use_stderr() { STDERR } else { STDOUT };
    if let Err(io) = e.print() {
        record(stream, &io);
    }
    finish(ExitCode::from(e.exit_code().clamp(0, 255) as u8))
}

/// `println!` to stdout that never panics.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::console::to_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` to stderr that never panics.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::console::to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` to stdout that never panics.
#[allow(unused_macros, reason = "for `run`'s screen and dump output")]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::to_stdout(format_args!($($arg)*))
    };
}

/// `eprint!` to stderr that never panics.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::console::to_stderr(format_args!($($arg)*))
    };
}

#[allow(unused_imports, reason = "for `run`'s screen and dump output")]
pub(crate) use out;
pub(crate) use {err, errln, outln};
