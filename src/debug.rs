//! `c64kit debug`: a Debug Adapter Protocol server (c64debug) on stdin/stdout, as
//! editors start debug adapters, or on a loopback TCP port. With a PROGRAM (and
//! `--port`), the program runs at once and clients attach to it. A launched machine, and
//! one run for clients to attach to, is shown in the window when there is a display (not
//! with `--headless`).

use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ArgMatches;

#[derive(clap::Args)]
pub struct Args {
    /// Serve on this TCP port of 127.0.0.1 instead of stdin/stdout: one client (with
    /// PROGRAM, one after another)
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,
    /// Run this .asm or .prg now, for clients to attach to (needs --port): it runs at
    /// the C64's speed until a client attaches, and goes on when one disconnects
    #[arg(value_name = "PROGRAM", requires = "port")]
    pub program: Option<PathBuf>,
    /// With PROGRAM: keys typed as the program asks for them (`c64kit run --keys`)
    #[arg(long, value_name = "KEYS", requires = "program")]
    pub keys: Option<String>,
    /// With a PROGRAM that is a .prg: its VICE label file
    #[arg(long, value_name = "FILE", requires = "program")]
    pub labels: Option<PathBuf>,
    /// No window: without it a launched program's machine is shown in one while it is
    /// debugged, when there is a display
    #[arg(long)]
    pub headless: bool,
    /// How a launched .asm is assembled: the same flags as `c64kit build` (64tass's)
    #[command(flatten, next_help_heading = "Assembling a .asm (as c64kit build)")]
    pub asm: crate::build::AsmFlags,
}

pub fn main(args: Args, matches: &ArgMatches) -> ExitCode {
    let asm = match args.asm.options(matches) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("c64kit debug: {e}");
            return ExitCode::from(2);
        }
    };
    let config = c64debug::Config { asm };
    let view = (!args.headless).then(window);
    let served = match (args.port, args.program) {
        (None, _) => match view {
            Some(v) => c64debug::serve_viewed(std::io::stdin(), std::io::stdout(), config, v),
            None => c64debug::serve(std::io::stdin(), std::io::stdout(), config),
        },
        (Some(port), None) => serve_tcp(port, config, view),
        (Some(port), Some(program)) => {
            let launch = c64debug::LaunchArgs {
                program,
                labels: args.labels,
                stop_on_entry: false,
                keys: args.keys,
            };
            serve_program(port, &launch, config, view)
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("c64kit debug: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The window a launched machine is shown in: opened when the machine is there (its
/// picture's size is the VIC-II's); without a display, a note on standard error once,
/// and the session goes on without it.
fn window() -> c64debug::View {
    let mut viewer: Option<c64window::Viewer> = None;
    let mut failed = false;
    Box::new(move |m, running| {
        if failed {
            return true;
        }
        if viewer.is_none() {
            match c64window::Viewer::open("c64kit debug", 2, m) {
                Ok(v) => viewer = Some(v),
                Err(e) => {
                    failed = true;
                    let _ = writeln!(
                        std::io::stderr(),
                        "c64kit debug: no display ({e}): debugging without a window"
                    );
                    return true;
                }
            }
        }
        viewer.as_mut().is_none_or(|v| v.show(m, running))
    })
}

/// Wait for one client on the loopback port and serve it.
fn serve_tcp(
    port: u16,
    config: c64debug::Config,
    view: Option<c64debug::View>,
) -> Result<(), c64debug::Error> {
    let listener = TcpListener::bind(("127.0.0.1", port))?;
    eprintln!(
        "c64kit debug: waiting for a DAP client on {}",
        listener.local_addr()?
    );
    let (stream, _) = listener.accept()?;
    let input = stream.try_clone()?;
    match view {
        Some(v) => c64debug::serve_viewed(input, stream, config, v),
        None => c64debug::serve(input, stream, config),
    }
}

/// Run a program and serve it to clients that attach, one after another.
fn serve_program(
    port: u16,
    launch: &c64debug::LaunchArgs,
    config: c64debug::Config,
    view: Option<c64debug::View>,
) -> Result<(), c64debug::Error> {
    let target = c64debug::Loaded::launch(launch, &config)?;
    if !target.warnings.trim().is_empty() {
        eprint!("{}", target.warnings);
    }
    let listener = TcpListener::bind(("127.0.0.1", port))?;
    eprintln!(
        "c64kit debug: {} runs; attach a DAP client to {} (request \"attach\")",
        launch.program.display(),
        listener.local_addr()?
    );
    match c64debug::serve_listener(&listener, &config, target, None, view)? {
        c64debug::Served::Ended => eprintln!("c64kit debug: the program ended"),
        c64debug::Served::ClientDone | c64debug::Served::Closed => {}
    }
    Ok(())
}
