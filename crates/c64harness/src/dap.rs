//! `C64KIT_DEBUG=PORT cargo test NAME`: when a test fails, the harness serves its
//! machine to a DAP debugger on 127.0.0.1:PORT, as it was when the test last called a
//! routine ([`Harness::call`](crate::Harness::call)): the PC at the routine's entry,
//! the test's memory and registers. A client attaches (`"request": "attach"`) and steps
//! through the routine that failed; when it disconnects, the test fails as it would.
//!
//! Each call keeps a copy of the machine (only while the variable is set), on the
//! test's thread; the panic of a failing assertion serves the last one.

use std::cell::RefCell;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Once};

use c64asm::Program;
use c64emu::Machine;

/// The environment variable that names the port.
pub const DEBUG_ENV: &str = "C64KIT_DEBUG";

/// A routine call as a debugger gets it.
#[derive(Clone)]
pub struct CallSite {
    /// The machine at the routine's entry, with the test's memory and registers (A X Y
    /// P; SP as after a JSR from BASIC); the routine's RTS returns to BASIC's READY.
    pub machine: Machine,
    /// The program.
    pub program: Arc<Program>,
    /// Its main source file.
    pub name: String,
    /// The routine's label (or `$C000`).
    pub routine: String,
}

type Held = CallSite;

/// Something shown every call (tools that replay the calls under a debugger).
pub type CallWatcher = Box<dyn Fn(CallSite) + Send + Sync>;

static WATCHING: AtomicBool = AtomicBool::new(false);
static WATCHER: Mutex<Option<CallWatcher>> = Mutex::new(None);

/// Show every harness call of the process, as it starts, to `watcher` (None: stop).
/// It runs on the caller's thread, before the call.
pub fn watch_calls(watcher: Option<CallWatcher>) {
    let mut w = WATCHER.lock().unwrap_or_else(|e| e.into_inner());
    WATCHING.store(watcher.is_some(), Ordering::SeqCst);
    *w = watcher;
}

/// Does anything want the calls?
pub(crate) fn wanted() -> bool {
    WATCHING.load(Ordering::Relaxed) || port().is_some()
}

thread_local! {
    // Boxed: a thread-local's initial value is copied into every thread the
    // process starts (a `Machine` inline made that 69 KB a thread).
    static LAST_CALL: RefCell<Option<Box<Held>>> = const { RefCell::new(None) };
}

/// The port `C64KIT_DEBUG` names, if it is set.
pub(crate) fn port() -> Option<u16> {
    let v = std::env::var(DEBUG_ENV).ok()?;
    match v.trim().parse() {
        Ok(p) => Some(p),
        Err(_) => {
            eprintln!("c64harness: {DEBUG_ENV}={v:?} is not a port number (1-65535): ignored");
            None
        }
    }
}

/// A test is about to call `routine` at `addr` on `m`: keep the machine as it is,
/// set up to run the routine (a return to BASIC's READY ends it).
pub(crate) fn before_call(m: &Machine, program: &Arc<Program>, name: &str, addr: u16) {
    let mut machine = m.clone();
    machine.set_observer(None);
    let regs = machine.regs();
    machine.start_at(addr);
    let mut r = machine.regs();
    (r.a, r.x, r.y, r.p) = (regs.a, regs.x, regs.y, regs.p);
    machine.set_regs(r);
    let routine = m
        .label_at(addr)
        .map_or_else(|| format!("${addr:04X}"), str::to_string);
    let site = CallSite {
        machine,
        program: Arc::clone(program),
        name: name.to_string(),
        routine,
    };
    if WATCHING.load(Ordering::Relaxed)
        && let Some(w) = WATCHER.lock().unwrap_or_else(|e| e.into_inner()).as_ref()
    {
        w(site.clone());
    }
    if port().is_some() {
        static HOOK: Once = Once::new();
        HOOK.call_once(install_hook);
        LAST_CALL.with(|c| *c.borrow_mut() = Some(Box::new(site)));
    }
}

/// After the usual panic message, serve the last call's machine.
fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        let Some(held) = LAST_CALL.with(|c| c.borrow_mut().take()) else {
            return;
        };
        let held = *held;
        let Some(port) = port() else { return };
        let why = format!("the test failed after calling {}: {info}", held.routine);
        if let Err(e) = serve(port, held, why) {
            let _ = writeln!(std::io::stderr(), "c64harness: {DEBUG_ENV}: {e}");
        }
    }));
}

fn serve(port: u16, held: Held, why: String) -> Result<(), c64debug::Error> {
    let path = Path::new(&held.name);
    let info = c64debug::DebugInfo::from_program(&held.program, path);
    let target = c64debug::Loaded::around(held.machine, info, path);
    let listener = std::net::TcpListener::bind(("127.0.0.1", port))?;
    // Straight to stderr: the test runner holds back what a test prints with eprintln.
    writeln!(
        std::io::stderr(),
        "c64harness: {DEBUG_ENV}: the machine as the test called {} waits for a DAP client on {} (request \"attach\")",
        held.routine,
        listener.local_addr()?
    )?;
    c64debug::serve_listener(
        &listener,
        &c64debug::Config::default(),
        target,
        Some(why),
        None,
    )?;
    Ok(())
}
