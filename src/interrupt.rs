//! Ctrl-C, SIGTERM and SIGHUP: nothing half done, no temporary left behind.
//!
//! Outside a [`Deferred`] section a signal ends the process at once (exit 130) after
//! removing the temporaries the outputs were being written into: nothing the user can
//! see had changed. Inside one (a run, whose outputs describe the machine where it
//! stopped; a commit, which must not stop half way) the signal is only noted:
//! [`interrupted`] tells the code to wind down, and it finishes what it was doing. A
//! second signal ends the process at once, also removing the temporaries.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status after an interrupt: 128 + SIGINT, as shells report it.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Set by the first signal.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

struct State {
    /// Open [`Deferred`] sections.
    deferred: u32,
    signals: u32,
    /// Temporaries to remove if the process ends on a signal.
    temporaries: Vec<PathBuf>,
    /// The process is ending: no new temporary may be made.
    closed: bool,
}

static STATE: Mutex<State> = Mutex::new(State {
    deferred: 0,
    signals: 0,
    temporaries: Vec::new(),
    closed: false,
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Installs the handler (once, at start-up). A failure leaves the default behaviour.
pub fn install() {
    let _ = ctrlc::set_handler(on_signal);
}

fn on_signal() {
    // Held until the process ends, so no temporary is made or renamed meanwhile.
    let mut s = state();
    s.signals += 1;
    INTERRUPTED.store(true, Ordering::SeqCst);
    if s.deferred == 0 || s.signals > 1 {
        s.closed = true;
        for path in s.temporaries.drain(..) {
            let _ = std::fs::remove_file(path);
        }
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    }
}

/// Whether a signal asked the process to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The flag [`interrupted`] reads, for loops in other crates (the window).
pub fn flag() -> &'static AtomicBool {
    &INTERRUPTED
}

/// A section in which a signal is only noted (see the module's notes).
pub struct Deferred(());

/// Starts a [`Deferred`] section; it ends when the value is dropped.
pub fn defer() -> Deferred {
    state().deferred += 1;
    Deferred(())
}

impl Drop for Deferred {
    fn drop(&mut self) {
        let mut s = state();
        s.deferred = s.deferred.saturating_sub(1);
    }
}

/// Creates a temporary with `create` and remembers it for removal on a signal. Fails
/// (creating nothing) once the process is ending.
pub fn temporary<T>(
    path: &Path,
    create: impl FnOnce(&Path) -> std::io::Result<T>,
) -> std::io::Result<T> {
    let mut s = state();
    if s.closed {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    let made = create(path)?;
    s.temporaries.push(path.to_path_buf());
    Ok(made)
}

/// Renames or removes a temporary with `done`, and forgets it if that worked.
pub fn settle<T>(
    path: &Path,
    done: impl FnOnce(&Path) -> std::io::Result<T>,
) -> std::io::Result<T> {
    let mut s = state();
    let result = done(path);
    if result.is_ok() {
        s.temporaries.retain(|p| p != path);
    }
    result
}
