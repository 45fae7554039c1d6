//! What the CLI tests share: a scratch directory, the built binary, and readable output.
#![allow(dead_code, reason = "each test file uses part of it")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub mod projects;

/// The repository root.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A directory removed when the test ends (pass or fail).
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A fresh, empty directory, unique to this test binary and `tag`.
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("c64kit-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    /// A `64tass` in the directory that is the built c64kit (a drop-in
    /// 64tass: c64kit started under that name behaves as 64tass); its path.
    #[cfg(unix)]
    pub fn link_as_64tass(&self) -> PathBuf {
        let link = self.path("64tass");
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_c64kit"), &link).unwrap();
        link
    }

    /// The names in the directory, sorted (to find leftovers such as temporaries).
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether 64tass is installed (on the PATH) to compare with.
pub fn tass_installed() -> bool {
    Command::new("64tass")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The built `c64kit`, to run in `dir`.
pub fn c64kit(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_c64kit"));
    cmd.current_dir(dir);
    cmd
}

/// `c64kit run --headless ARGS` in `dir`, on the stub KERNAL (no `C64KIT_ROMS`) and with
/// no display, as CI runs it.
pub fn run_headless(dir: &TempDir, args: &[&str]) -> Output {
    c64kit(&dir.0)
        .arg("run")
        .arg("--headless")
        .args(args)
        .env_remove("C64KIT_ROMS")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

/// A PATH with the built `c64kit` first, as after `cargo install`.
pub fn path_with_c64kit() -> std::ffi::OsString {
    let bin = Path::new(env!("CARGO_BIN_EXE_c64kit")).parent().unwrap();
    let mut dirs = vec![bin.to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

/// Whether the tests run as root, who writes into read-only directories.
pub fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output();
    out.is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// The cargo running the tests.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Stdout and stderr together, for assertion messages.
pub fn both(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

/// The lines of the first ```sh block after `heading` in a Markdown file.
pub fn sh_block(markdown: &str, heading: &str) -> Vec<String> {
    let section = &markdown[markdown.find(heading).expect("heading")..];
    let block = &section[section.find("```sh").expect("```sh block") + 5..];
    let block = &block[..block.find("```").unwrap()];
    block
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Enough of sh's word splitting for the docs: spaces, "double quotes", and `#` comments.
pub fn split_shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && word.is_empty() => break,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}
