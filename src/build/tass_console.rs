//! What 64tass 1.58 prints on standard output as it assembles (unless `-q`):
//! its banner and the files read, each output's name and memory map, then
//! the number of errors and warnings and of passes. Printed so when c64kit
//! runs as `64tass` or with `--message-format 64tass`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::ArgMatches;

use super::args::{Args, Target};
use c64asm::{Caret, OutputFormat};

/// 64tass's banner: the installed 64tass 1.58's version line, as build
/// tools that read it find it.
const BANNER: &str = "64tass Turbo Assembler Macro V1.58.2974?\n\
64TASS comes with ABSOLUTELY NO WARRANTY; This is free software, and you\n\
are welcome to redistribute it under certain conditions; See LICENSE!\n\n";

/// The banner and a line per file read: `Assembling file:` for a source,
/// `Reading file:` for a `.binary` file. `sources`: the files read as
/// source; `read`: every file read, in the order read.
pub fn head(sources: &[PathBuf], read: &[PathBuf]) -> String {
    let mut out = String::from(BANNER);
    // A failed run knows only its sources.
    let all = if read.is_empty() { sources } else { read };
    let mut assembled: Vec<&PathBuf> = Vec::new();
    for f in all {
        // A source also read by `.binary` is read again, as a binary file.
        let what = match sources.contains(f) && !assembled.contains(&f) {
            true => {
                assembled.push(f);
                "Assembling file:   "
            }
            false => "Reading file:      ",
        };
        out.push_str(what);
        out.push_str(&c64asm::shell_quoted_name(&f.display().to_string()));
        out.push('\n');
    }
    out
}

/// For each output: `Output file:` and its memory map's `Data:` and `Gap:`
/// lines (none when `--map` writes the map to a file). With `--no-output`,
/// the whole program's map, unless `--map` takes it.
pub fn outputs(
    program: &c64asm::Program,
    outputs: &[Target<OutputFormat>],
    lone_map: bool,
) -> String {
    let mut out = String::new();
    let mut before: Vec<Option<&str>> = Vec::new();
    for t in outputs {
        out.push_str("Output file:       ");
        out.push_str(&c64asm::shell_quoted_name(&t.path.display().to_string()));
        out.push('\n');
        if t.map.is_none() {
            let name = t.path.display().to_string();
            let map = program.memory_map_of(&name, t.scope.as_deref(), false, &before);
            out.push_str(map_rows(&map.unwrap_or_default()));
        }
        before.push(t.scope.as_deref());
    }
    if outputs.is_empty() && !lone_map {
        let map = program.memory_map_of("", None, false, &before);
        out.push_str(map_rows(&map.unwrap_or_default()));
    }
    out
}

/// The rows of a memory map file, after its column titles.
fn map_rows(map: &str) -> &str {
    const TITLES: &str = "Type        Size      Range      Size    Name\n";
    map.find(TITLES).map_or("", |at| &map[at + TITLES.len()..])
}

/// The counts after the messages: errors and warnings (when there are any)
/// and the passes.
pub fn tail(errors: usize, warnings: usize, passes: u32) -> String {
    let mut out = String::new();
    if errors != 0 {
        out.push_str(&format!("Error messages:    {errors}\n"));
    }
    if warnings != 0 {
        out.push_str(&format!("Warning messages:  {warnings}\n"));
    }
    out.push_str(&format!("Passes:            {passes}\n"));
    out
}

/// The caret switch given last (`--caret-diag`, `--macro-caret-diag`,
/// `--no-caret-diag`), or 64tass's default: the caret under every message.
pub fn caret(m: &ArgMatches) -> Caret {
    let last = |id: &str| {
        m.get_flag(id)
            .then(|| m.indices_of(id).and_then(|mut i| i.next_back()))
            .flatten()
    };
    [
        ("caret_diag", Caret::Always),
        ("macro_caret_diag", Caret::Macro),
        ("no_caret_diag", Caret::Never),
    ]
    .into_iter()
    .filter_map(|(id, caret)| Some((last(id)?, caret)))
    .max_by_key(|&(at, _)| at)
    .map_or(Caret::Always, |(_, caret)| caret)
}

/// The program's name as 64tass names itself in a message about no file:
/// the name it was started as, without its directory.
pub fn program_name() -> String {
    std::env::args_os()
        .next()
        .as_deref()
        .and_then(|a| {
            Path::new(a)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "64tass".into())
}

/// Colour, as 64tass uses it: only when the messages go to a terminal
/// (standard error, or standard output with `-E -`) and `TERM` is set and
/// not `dumb`.
pub fn colored(args: &Args, m: &ArgMatches) -> bool {
    let term = std::env::var_os("TERM").is_some_and(|t| t != "dumb");
    let terminal = match args.error_target(m) {
        None => std::io::stderr().is_terminal(),
        Some((p, _)) if p.as_os_str() == "-" => std::io::stdout().is_terminal(),
        Some(_) => false,
    };
    term && terminal
}
