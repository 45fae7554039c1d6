//! Attaching: a machine this process holds, served on a loopback port to one client
//! after another. While no client is attached a running machine runs on in real time
//! (PAL speed); a client that leaves with `disconnect` lets it go on (its breakpoints
//! go with it) unless it says `terminateDebuggee`. A stopped machine (a test's, at its
//! failure) is served to one client.

use std::net::TcpListener;
use std::time::{Duration, Instant};

use crate::exec::{Halt, Mode, Run};
use crate::session::VIEW_EVERY;
use crate::{Config, Error, Loaded, View, serve_attached_viewed};

/// Why serving ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Served {
    /// The program ended (returned to BASIC or exited) while no client was attached.
    Ended,
    /// A client ended the session (or the program, or left a stopped machine).
    ClientDone,
    /// The user closed the window the machine was shown in.
    Closed,
}

/// Serve `target` on `listener`'s port until a client ends the session or the program
/// ends. `stopped` says why the machine is stopped; None: it runs.
pub fn serve_listener(
    listener: &TcpListener,
    config: &Config,
    mut target: Loaded,
    mut stopped: Option<String>,
    mut view: Option<View>,
) -> Result<Served, Error> {
    loop {
        let stream = match &stopped {
            Some(_) => {
                listener.set_nonblocking(false)?;
                listener.accept()?.0
            }
            None => match run_until_client(listener, &mut target, &mut view)? {
                Waited::Client(s) => s,
                Waited::Ended => return Ok(Served::Ended),
                Waited::Closed => return Ok(Served::Closed),
                Waited::Stopped(why) => {
                    stopped = Some(why);
                    continue;
                }
            },
        };
        stream.set_nonblocking(false)?;
        let input = stream.try_clone()?;
        let left = serve_attached_viewed(
            input,
            stream,
            config.clone(),
            target,
            stopped.clone(),
            view.take(),
        )?;
        view = left.view;
        match left.target {
            Some(t) if left.go_on => target = t,
            _ => return Ok(Served::ClientDone),
        }
        target.tracker().breakpoints = Default::default();
        target.arm_watch();
    }
}

enum Waited {
    Client(std::net::TcpStream),
    Ended,
    Closed,
    Stopped(String),
}

/// Run the machine at PAL speed until a client connects, showing it in `view` (if any)
/// a frame's time apart.
fn run_until_client(
    listener: &TcpListener,
    target: &mut Loaded,
    view: &mut Option<View>,
) -> Result<Waited, Error> {
    listener.set_nonblocking(true)?;
    target.start(Run {
        mode: Mode::Continue,
        check_first: true,
    });
    let began = Instant::now();
    let cycles_at_start = target.machine.cycles();
    let mut shown: Option<Instant> = None;
    loop {
        if let Some(v) = view.as_mut()
            && shown.is_none_or(|at| at.elapsed() >= VIEW_EVERY)
        {
            shown = Some(Instant::now());
            if !v(&mut target.machine, true) {
                return Ok(Waited::Closed);
            }
        }
        match listener.accept() {
            Ok((s, _)) => {
                target.pause();
                return Ok(Waited::Client(s));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e.into()),
        }
        let mut logs = Vec::new();
        match target.run_slice(&mut logs) {
            None => {}
            Some(Halt::Ended(_)) => return Ok(Waited::Ended),
            Some(Halt::Stopped { text, reason, .. }) => {
                return Ok(Waited::Stopped(text.unwrap_or_else(|| reason.to_string())));
            }
        }
        // Keep to the C64's own speed: no faster than its clock.
        let ran = target.machine.cycles() - cycles_at_start;
        let due = Duration::from_secs_f64(ran as f64 / c64emu::timing::CLOCK_HZ as f64);
        if let Some(wait) = due.checked_sub(began.elapsed()) {
            std::thread::sleep(wait.min(Duration::from_millis(250)));
        }
    }
}
