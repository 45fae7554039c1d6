//! The source map as the harness looks it up: for each address, the statement that
//! wrote its byte (file, line, column, code or data). Built from an assembled
//! [`c64asm::Program`] or read back from a `build --source-map` file.

use std::path::{Path, PathBuf};

use c64asm::{Program, SOURCE_MAP_HEADER};

use crate::Error;
use crate::opcodes;

/// One run of bytes written by one statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// First address (where the CPU sees the bytes).
    pub pc: u16,
    /// Bytes in the run.
    pub len: u16,
    /// Index of the file (into [`SourceIndex::files`]).
    pub file: u32,
    /// 1-based line of the statement.
    pub line: u32,
    /// 1-based column of the statement, counted in characters.
    pub column: u32,
    /// An instruction (true) or data.
    pub code: bool,
}

/// A statement's place in the sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place<'a> {
    /// The file name as the assembler opened it.
    pub file: &'a str,
    /// 1-based line of the statement.
    pub line: u32,
    /// 1-based column of the statement, counted in characters.
    pub column: u32,
    /// An instruction (true) or data.
    pub code: bool,
}

/// Where every address's byte came from.
#[derive(Clone, Debug)]
pub struct SourceIndex {
    files: Vec<String>,
    paths: Vec<PathBuf>,
    runs: Vec<Run>,
    /// Per address: index + 1 of the last run covering it (0: none).
    at: Vec<u32>,
}

impl SourceIndex {
    /// The source map of an assembled program (it needs the assembler's line records,
    /// on by default).
    pub fn from_program(p: &Program) -> SourceIndex {
        let mut files: Vec<String> = Vec::new();
        let mut runs = Vec::new();
        for l in p.source_lines() {
            let name = p.file_name(l);
            let file = match files.iter().position(|f| f == name) {
                Some(i) => i,
                None => {
                    files.push(name.to_string());
                    files.len() - 1
                }
            };
            push_run(
                &mut runs,
                l.pc,
                l.len,
                file as u32,
                l.line,
                l.column,
                l.code,
            );
        }
        SourceIndex::new(files, runs, None)
    }

    /// No source map: every address unknown.
    pub fn empty() -> SourceIndex {
        SourceIndex::new(Vec::new(), Vec::new(), None)
    }

    /// Read a source map as `c64kit build --source-map` writes it. Relative file names
    /// are looked up from the current directory, then from `dir` (the map's own).
    pub fn parse(text: &str, dir: Option<&Path>) -> Result<SourceIndex, Error> {
        let mut lines = text.lines().enumerate();
        let header_ok = lines
            .next()
            .is_some_and(|(_, h)| h.split(':').next() == SOURCE_MAP_HEADER.split(':').next());
        if !header_ok {
            return Err(Error::SourceMap {
                line: 1,
                message: format!(
                    "not a c64kit source map (the first line is {SOURCE_MAP_HEADER:?})"
                ),
            });
        }
        let mut files: Vec<String> = Vec::new();
        let mut runs = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| Error::SourceMap {
                line: i + 1,
                message: format!("{why}: {:?}", line.trim_end()),
            };
            let mut it = line.splitn(4, ' ');
            let (Some(addr), Some(len), Some(kind), Some(rest)) =
                (it.next(), it.next(), it.next(), it.next())
            else {
                return Err(bad("expected `address length code|data file:line:column`"));
            };
            let pc = u32::from_str_radix(addr, 16).map_err(|_| bad("bad address"))?;
            let len: u32 = len.parse().map_err(|_| bad("bad length"))?;
            let code = match kind {
                "code" => true,
                "data" => false,
                _ => return Err(bad("the kind is `code` or `data`")),
            };
            let place = match rest.rsplit_once(" from ") {
                Some((p, from)) if location(from).is_some() => p,
                _ => rest,
            };
            let (file, line_no, column) =
                location(place).ok_or_else(|| bad("bad file:line:column"))?;
            let file = match files.iter().position(|f| f == file) {
                Some(i) => i,
                None => {
                    files.push(file.to_string());
                    files.len() - 1
                }
            };
            push_run(&mut runs, pc, len, file as u32, line_no, column, code);
        }
        Ok(SourceIndex::new(files, runs, dir))
    }

    fn new(files: Vec<String>, runs: Vec<Run>, dir: Option<&Path>) -> SourceIndex {
        let paths = files
            .iter()
            .map(|f| {
                let p = Path::new(f);
                let found = if p.exists() {
                    Some(p.to_path_buf())
                } else {
                    dir.map(|d| d.join(p)).filter(|p| p.exists())
                };
                found
                    .and_then(|p| p.canonicalize().ok())
                    .unwrap_or_else(|| p.to_path_buf())
            })
            .collect();
        let mut at = vec![0u32; 0x1_0000];
        for (i, r) in runs.iter().enumerate() {
            for a in 0..r.len {
                at[usize::from(r.pc.wrapping_add(a))] = i as u32 + 1;
            }
        }
        SourceIndex {
            files,
            paths,
            runs,
            at,
        }
    }

    /// The statement that wrote the byte at `addr` (the last one, where a later `* =`
    /// wrote over earlier bytes).
    pub fn place(&self, addr: u16) -> Option<Place<'_>> {
        let r = self.run_at(addr)?;
        Some(Place {
            file: &self.files[r.file as usize],
            line: r.line,
            column: r.column,
            code: r.code,
        })
    }

    /// The index of the run covering `addr`.
    pub fn run_index(&self, addr: u16) -> Option<usize> {
        (self.at[usize::from(addr)] as usize).checked_sub(1)
    }

    /// The run covering `addr`.
    pub fn run_at(&self, addr: u16) -> Option<&Run> {
        match self.at[usize::from(addr)] {
            0 => None,
            i => Some(&self.runs[i as usize - 1]),
        }
    }

    /// Every run, in the order the assembler wrote them.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The file names, as the assembler opened them.
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// A file's path for tools that open it (absolute when the file was found).
    pub fn path(&self, file: u32) -> &Path {
        &self.paths[file as usize]
    }

    /// The instructions of the code runs that are still the last writers of their
    /// bytes, decoded from memory as `peek` reads it: (address, run index).
    pub fn instructions(&self, peek: impl Fn(u16) -> u8) -> Vec<(u16, usize)> {
        let mut out = Vec::new();
        for (i, r) in self.runs.iter().enumerate() {
            if !r.code {
                continue;
            }
            let mut off = 0u16;
            while off < r.len {
                let pc = r.pc.wrapping_add(off);
                if self.at[usize::from(pc)] as usize != i + 1 {
                    break;
                }
                out.push((pc, i));
                off += opcodes::length(peek(pc));
            }
        }
        out
    }
}

/// Runs clipped to the 64 KiB the CPU sees.
fn push_run(runs: &mut Vec<Run>, pc: u32, len: u32, file: u32, line: u32, column: u32, code: bool) {
    if pc > 0xFFFF || len == 0 {
        return;
    }
    let len = len.min(0x1_0000 - pc) as u16;
    runs.push(Run {
        pc: pc as u16,
        len,
        file,
        line,
        column,
        code,
    });
}

/// `file:line:column`.
fn location(s: &str) -> Option<(&str, u32, u32)> {
    let mut parts = s.rsplitn(3, ':');
    let column = parts.next()?.trim().parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next().filter(|f| !f.is_empty())?;
    Some((file, line, column))
}
