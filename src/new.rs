//! `c64kit new NAME`: a starter project with the BASIC stub, one routine and a Rust test
//! that calls it in the emulator, so a new program starts the right way.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Project name (letters, digits, '-' and '_'); also the directory created
    pub name: String,
    /// Create the project inside this directory instead of the current one
    #[arg(long, value_name = "DIR")]
    pub path: Option<PathBuf>,
}

const FILES: [(&str, &str); 5] = [
    ("main.asm", include_str!("template/main.asm")),
    ("Cargo.toml", include_str!("template/Cargo.toml")),
    ("src/lib.rs", include_str!("template/lib.rs")),
    ("tests/routines.rs", include_str!("template/routines.rs")),
    ("README.md", include_str!("template/README.md")),
];

pub fn main(args: Args) -> ExitCode {
    match create(&args) {
        Ok(dir) => {
            println!("created {}", dir.display());
            println!("  cd {} && cargo test", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn create(args: &Args) -> Result<PathBuf, String> {
    let name = &args.name;
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
    let dir = args.path.clone().unwrap_or_default().join(name);
    if dir.exists() {
        return Err(format!(
            "{} already exists; nothing was written",
            dir.display()
        ));
    }
    let kit = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kit = kit
        .to_str()
        .ok_or("the c64kit checkout path is not UTF-8")?;
    let fill = |text: &str| {
        text.replace("{{NAME}}", name)
            .replace("{{LOWER}}", &name.to_ascii_lowercase())
            .replace("{{UPPER}}", &name.to_ascii_uppercase())
            .replace("{{CRATE}}", &name.to_ascii_lowercase().replace('-', "_"))
            .replace("{{KIT}}", kit)
    };
    for (path, text) in FILES {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, fill(text)).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(dir)
}
