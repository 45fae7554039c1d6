//! `c64kit new NAME`: a starter project with the BASIC stub, one routine, a test file
//! for `c64kit test` and a Rust test that call it in the emulator, so a new program
//! starts the right way.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::console::{errln, outln};
use crate::output::Outputs;

#[derive(clap::Args)]
pub struct Args {
    /// Project name (letters, digits, '-' and '_'), also the directory created; or a
    /// path (games/mygame), whose last part is the name, as with `cargo new`
    pub name: String,
    /// Create the project inside this directory instead of the current one
    #[arg(long, value_name = "DIR")]
    pub path: Option<PathBuf>,
}

const FILES: [(&str, &str); 7] = [
    ("main.asm", include_str!("template/main.asm")),
    ("Cargo.toml", include_str!("template/Cargo.toml")),
    ("src/lib.rs", include_str!("template/lib.rs")),
    // Not *.test.toml in the checkout: `c64kit test` there would take it for a test file.
    (
        "tests/main.test.toml",
        include_str!("template/main_test.toml"),
    ),
    ("tests/routines.rs", include_str!("template/routines.rs")),
    ("README.md", include_str!("template/README.md")),
    (".gitignore", include_str!("template/gitignore")),
];

pub fn main(args: Args) -> ExitCode {
    match create(&args) {
        Ok(dir) => {
            outln!("created {}", dir.display());
            outln!("  cd {} && c64kit test    (or cargo test)", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Names cargo refuses for a package, or that break the project's build: Rust's
/// keywords, its built-in crates, cargo's build directories, Windows' device names,
/// and the c64kit crates the project depends on.
const RESERVED: &[&str] = &[
    "abstract",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "crate",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
    "test",
    "std",
    "core",
    "alloc",
    "proc_macro",
    "deps",
    "examples",
    "build",
    "incremental",
    "con",
    "prn",
    "aux",
    "nul",
    "c64asm",
    "c64emu",
    "c64harness",
    "c64kit",
];

/// The project's directory and name: `NAME` in the current directory (or `--path`), or
/// a path whose last part is the name (`~/` is the home directory, as in a shell).
fn place(args: &Args) -> Result<(PathBuf, String), String> {
    let given = match args.name.strip_prefix("~/") {
        Some(rest) => match std::env::var_os("HOME") {
            Some(home) => PathBuf::from(home).join(rest),
            None => PathBuf::from(&args.name),
        },
        None => PathBuf::from(&args.name),
    };
    let name = match given.components().next_back() {
        Some(std::path::Component::Normal(n)) => n.to_string_lossy().into_owned(),
        _ => {
            return Err(format!(
                "{:?} names no new directory: give the project a name, e.g. c64kit new mygame",
                args.name
            ));
        }
    };
    let dir = args.path.clone().unwrap_or_default().join(given);
    Ok((dir, name))
}

fn check_name(name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name.len() <= 16
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !valid {
        return Err(format!(
            "project name {name:?}: use 1-16 letters, digits, '-' or '_', starting with a letter"
        ));
    }
    let crate_name = name.to_ascii_lowercase().replace('-', "_");
    let windows_device = ["com", "lpt"].iter().any(|d| {
        crate_name
            .strip_prefix(d)
            .is_some_and(|n| n.len() == 1 && n != "0")
    });
    if RESERVED.contains(&crate_name.as_str()) || windows_device {
        return Err(format!(
            "project name {name:?}: cargo refuses it as a package name or the project's \
             build breaks with it (a Rust keyword, a built-in crate, a directory cargo uses, \
             a Windows device, or a c64kit crate); choose another, e.g. my-{name}"
        ));
    }
    Ok(())
}

fn create(args: &Args) -> Result<PathBuf, String> {
    let (dir, name) = place(args)?;
    check_name(&name)?;
    let name = &name;
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kit = kit
        .to_str()
        .ok_or("the c64kit checkout path is not UTF-8")?;
    if !Path::new(kit).join("crates/c64emu/Cargo.toml").is_file() {
        errln!(
            "warning: the c64kit checkout this binary was built from ({kit}) is gone; \
             the project's tests need its crates: fix the paths in {}",
            dir.join("Cargo.toml").display()
        );
    }
    let fill = |text: &str| {
        text.replace("{{NAME}}", name)
            .replace("{{LOWER}}", &name.to_ascii_lowercase())
            .replace("{{UPPER}}", &name.to_ascii_uppercase())
            .replace("{{CRATE}}", &name.to_ascii_lowercase().replace('-', "_"))
            .replace("{{KIT}}", kit)
    };
    // Everything is created new: an existing directory or file is never written, and
    // a failure part-way removes what was created.
    let nothing = |e| format!("{e}; nothing was written");
    let mut outputs = Outputs::new();
    outputs.add_new_dir(&dir, "the project").map_err(nothing)?;
    for (path, text) in FILES {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            outputs
                .add_new_dir(parent, "the project")
                .map_err(nothing)?;
        }
        outputs
            .add_new(&target, "the project file", fill(text).as_bytes())
            .map_err(nothing)?;
    }
    outputs.commit().map_err(nothing)?;
    Ok(dir)
}
