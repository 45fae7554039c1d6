//! `c64kit debug`: a Debug Adapter Protocol server (c64debug) on stdin/stdout, as
//! editors start debug adapters, or on a loopback TCP port.

use std::net::TcpListener;
use std::process::ExitCode;

use clap::ArgMatches;

#[derive(clap::Args)]
pub struct Args {
    /// Serve one client on this TCP port of 127.0.0.1 instead of stdin/stdout
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,
    /// How a launched .asm is assembled: the same flags as `c64kit build` (64tass's)
    #[command(flatten, next_help_heading = "Assembling a .asm (as c64kit build)")]
    pub asm: crate::build::AsmFlags,
}

pub fn main(args: Args, matches: &ArgMatches) -> ExitCode {
    let asm = match args
        .asm
        .unsupported()
        .map_or_else(|| args.asm.options(matches), Err)
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("c64kit debug: {e}");
            return ExitCode::from(2);
        }
    };
    let config = c64debug::Config { asm };
    let served = match args.port {
        None => c64debug::serve(std::io::stdin(), std::io::stdout(), config),
        Some(port) => serve_tcp(port, config),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("c64kit debug: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Wait for one client on the loopback port and serve it.
fn serve_tcp(port: u16, config: c64debug::Config) -> Result<(), c64debug::Error> {
    let listener = TcpListener::bind(("127.0.0.1", port))?;
    eprintln!(
        "c64kit debug: waiting for a DAP client on {}",
        listener.local_addr()?
    );
    let (stream, _) = listener.accept()?;
    let input = stream.try_clone()?;
    c64debug::serve(input, stream, config)
}
