//! What 64tass 1.58 prints on standard output as it assembles (unless `-q`):
//! its banner and the files read, each output's name and memory map, then
//! the number of errors and warnings and of passes. Printed so when c64kit
//! runs as `64tass` or with `--message-format 64tass`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::ArgMatches;

use super::args::{Args, Target};
use c64asm::{Caret, OutputFormat};

/// The installed 64tass 1.58's name and version, as its banner, `--version`,
/// listing and memory map give it.
pub const VERSION: &str = "64tass Turbo Assembler Macro V1.58.2974?";

/// 64tass's banner after its version line (build tools read both).
const WARRANTY: &str = "64TASS comes with ABSOLUTELY NO WARRANTY; This is free software, and you\n\
are welcome to redistribute it under certain conditions; See LICENSE!\n\n";

/// The banner and a line per file read: `Assembling file:` for a source,
/// `Reading file:` for a `.binary` file, in the order read (64tass reads a
/// file once as each). `read`: every file read, `binary`: for each, whether
/// it was read by `.binary`; `sources`: the files read as source, named
/// when nothing was read (the first failed).
pub fn head(sources: &[PathBuf], read: &[PathBuf], binary: &[bool]) -> String {
    let mut out = format!("{VERSION}\n{WARRANTY}");
    let all = if read.is_empty() { sources } else { read };
    for (i, f) in all.iter().enumerate() {
        let what = match binary.get(i).copied().unwrap_or(false) {
            false => "Assembling file:   ",
            true => "Reading file:      ",
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
            let map = program.memory_map_of(&name, t.scope.as_deref(), None, &before);
            out.push_str(map_rows(&map.unwrap_or_default()));
        }
        before.push(t.scope.as_deref());
    }
    if outputs.is_empty() && !lone_map {
        let map = program.memory_map_of("", None, None, &before);
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
    let last = |id: &str| m.indices_of(id).and_then(|mut i| i.next_back());
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

/// A drop-in 64tass's listing head, as 64tass writes it: its title (not when
/// the listing is added to a file), the command line with the options first
/// (its `getopt` moves the file names after them) and the local time
/// (`ctime`'s form).
pub fn listing_head(append: bool) -> String {
    let mut out = String::new();
    if !append {
        out.push_str("; ");
        out.push_str(VERSION);
        out.push_str(" listing file\n");
    }
    out.push(';');
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    for arg in getopt_order(&args) {
        out.push(' ');
        out.push_str(&c64asm::shell_quoted_name(arg));
    }
    out.push_str("\n; ");
    out.push_str(&super::clock::ctime_now());
    out
}

/// The arguments in the order 64tass's GNU-style `getopt` leaves them: the
/// options with their values in the order given, then `--` if given, then
/// the other arguments (file names) in their order. Which options take a
/// value is read from `build`'s own command line (64tass's).
fn getopt_order(args: &[String]) -> Vec<&str> {
    let mut command = <Args as clap::Args>::augment_args(clap::Command::new("64tass"));
    command.build();
    let takes_value = |a: &clap::Arg| a.get_num_args().is_some_and(|n| n.min_values() > 0);
    let Some((program, rest)) = args.split_first() else {
        return Vec::new();
    };
    let (mut options, mut others) = (vec![program.as_str()], Vec::new());
    let mut i = 0;
    while i < rest.len() {
        let arg = rest[i].as_str();
        i += 1;
        if arg == "--" {
            options.push(arg);
            others.extend(rest[i..].iter().map(String::as_str));
            break;
        }
        let takes_next = if let Some(long) = arg.strip_prefix("--") {
            // An option named whole, or the one an abbreviation starts.
            let named: Vec<&clap::Arg> = command
                .get_arguments()
                .filter(|a| long_names(a).contains(&long))
                .collect();
            let started: Vec<&clap::Arg> = command
                .get_arguments()
                .filter(|a| long_names(a).iter().any(|n| n.starts_with(long)))
                .collect();
            let option = match (named.as_slice(), started.as_slice()) {
                ([one], _) | ([], [one]) => Some(*one),
                _ => None,
            };
            !long.contains('=') && option.is_some_and(takes_value)
        } else if let Some(short) = arg.strip_prefix('-').filter(|s| !s.is_empty()) {
            // The first option letter that takes a value takes the rest of
            // the argument, or the next one if nothing is left.
            let valued = |c: char| {
                command
                    .get_arguments()
                    .any(|a| a.get_short() == Some(c) && takes_value(a))
            };
            short
                .char_indices()
                .find(|&(_, c)| valued(c))
                .is_some_and(|(at, c)| at + c.len_utf8() == short.len())
        } else {
            others.push(arg);
            continue;
        };
        options.push(arg);
        if takes_next && i < rest.len() {
            options.push(&rest[i]);
            i += 1;
        }
    }
    options.extend(others);
    options
}

/// An option's long name and visible aliases.
fn long_names(a: &clap::Arg) -> Vec<&str> {
    a.get_long_and_visible_aliases().unwrap_or_default()
}
