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
use std::sync::{Arc, Once};

use c64asm::Program;
use c64emu::Machine;

/// The environment variable that names the port.
pub const DEBUG_ENV: &str = "C64KIT_DEBUG";

/// The machine of the last call, ready to run it.
struct Held {
    machine: Machine,
    program: Arc<Program>,
    name: String,
    routine: String,
}

thread_local! {
    static LAST_CALL: RefCell<Option<Held>> = const { RefCell::new(None) };
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
    static HOOK: Once = Once::new();
    HOOK.call_once(install_hook);
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
    LAST_CALL.with(|c| {
        *c.borrow_mut() = Some(Held {
            machine,
            program: Arc::clone(program),
            name: name.to_string(),
            routine,
        });
    });
}

/// After the usual panic message, serve the last call's machine.
fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        let Some(held) = LAST_CALL.with(|c| c.borrow_mut().take()) else {
            return;
        };
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
    c64debug::serve_listener(&listener, &c64debug::Config::default(), target, Some(why))?;
    Ok(())
}
