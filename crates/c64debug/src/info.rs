//! What the debugger knows about the program: which source line wrote the code at each
//! address, the addresses of each line's code, and the labels.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Index into [`DebugInfo::files`].
    pub file: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// Source lines and labels of a loaded program.
#[derive(Default)]
pub struct DebugInfo {
    /// Each source file, as the client names it (absolute, canonical where possible).
    pub files: Vec<PathBuf>,
    /// The line whose code starts at each address (the last one written wins, as the
    /// CPU sees the last bytes written).
    starts: HashMap<u16, Place>,
    /// The first byte of each run of code a line wrote, per (file, line).
    by_line: HashMap<(usize, u32), Vec<u16>>,
    /// Address labels, sorted by address then name.
    pub labels: Vec<(String, u16)>,
}

impl DebugInfo {
    /// From an assembled program; `main` is the file given to the assembler.
    pub fn from_program(program: &c64asm::Program, main: &Path) -> DebugInfo {
        let mut info = DebugInfo {
            labels: program.address_labels(),
            ..DebugInfo::default()
        };
        let dirs: Vec<PathBuf> = std::iter::once(main)
            .chain(program.files().iter().map(PathBuf::as_path))
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .collect();
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut owner: Vec<Option<Place>> = vec![None; 0x10000];
        for l in program.source_lines() {
            if !l.code || l.len == 0 || l.pc > 0xFFFF {
                continue;
            }
            let name = program.file_name(l);
            let file = match ids.get(name) {
                Some(&id) => id,
                None => {
                    let id = info.files.len();
                    info.files.push(resolve(name, &dirs));
                    ids.insert(name.to_string(), id);
                    id
                }
            };
            let place = Place {
                file,
                line: l.line,
                column: l.column,
            };
            let pc = l.pc as u16;
            owner[usize::from(pc)] = Some(place);
            for a in l.pc + 1..(l.pc + l.len).min(0x10000) {
                owner[a as usize] = None;
            }
        }
        for (addr, place) in owner.into_iter().enumerate() {
            if let Some(p) = place {
                info.starts.insert(addr as u16, p);
                info.by_line
                    .entry((p.file, p.line))
                    .or_default()
                    .push(addr as u16);
            }
        }
        info
    }

    /// Only labels (a .prg with a label file): no source lines.
    pub fn from_labels(mut labels: Vec<(String, u16)>) -> DebugInfo {
        labels.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        DebugInfo {
            labels,
            ..DebugInfo::default()
        }
    }

    /// The line whose code starts at `pc`.
    pub fn line_at(&self, pc: u16) -> Option<Place> {
        self.starts.get(&pc).copied()
    }

    /// The file a client's path names.
    pub fn file_id(&self, path: &Path) -> Option<usize> {
        let want = canonical(path);
        self.files.iter().position(|f| *f == want)
    }

    /// The addresses where code of `line` starts, or of the first line after it that
    /// has code (a breakpoint on a label or a comment moves to the code it names),
    /// with the line they belong to.
    pub fn code_at_or_after(&self, file: usize, line: u32) -> Option<(u32, Vec<u16>)> {
        let next = self
            .by_line
            .keys()
            .filter(|(f, l)| *f == file && *l >= line)
            .map(|&(_, l)| l)
            .min()?;
        let mut addrs = self.by_line[&(file, next)].clone();
        addrs.sort_unstable();
        Some((next, addrs))
    }

    /// Every (file, line) that has code, with its addresses (for tools and tests).
    pub fn code_lines(&self) -> impl Iterator<Item = ((usize, u32), &[u16])> {
        self.by_line.iter().map(|(k, v)| (*k, v.as_slice()))
    }

    /// A label by name: exact, else ignoring case.
    pub fn label(&self, name: &str) -> Option<u16> {
        let exact = self.labels.iter().find(|(n, _)| n == name);
        exact
            .or_else(|| {
                self.labels
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
            })
            .map(|(_, a)| *a)
    }

    /// The label at exactly `addr` (the shortest name there).
    pub fn label_at(&self, addr: u16) -> Option<&str> {
        let first = self.labels.partition_point(|(_, a)| *a < addr);
        self.labels[first..]
            .iter()
            .take_while(|(_, a)| *a == addr)
            .min_by_key(|(n, _)| n.len())
            .map(|(n, _)| n.as_str())
    }

    /// The closest label at or below `addr`, as `name` or `name+3`.
    pub fn routine_name(&self, addr: u16) -> String {
        let i = self.labels.partition_point(|(_, a)| *a <= addr);
        match i.checked_sub(1).map(|i| &self.labels[i]) {
            Some((n, a)) if *a == addr => n.clone(),
            Some((n, a)) if addr - a < 0x400 => format!("{n}+{}", addr - a),
            _ => format!("${addr:04X}"),
        }
    }

    /// Up to `n` labels nearest to `addr`, sorted by address.
    pub fn labels_near(&self, addr: u16, n: usize) -> Vec<(String, u16)> {
        let mut near: Vec<&(String, u16)> = self.labels.iter().collect();
        near.sort_by_key(|(_, a)| a.abs_diff(addr));
        near.truncate(n);
        near.sort_by_key(|(_, a)| *a);
        near.into_iter().cloned().collect()
    }
}

/// A file the assembler named, as an absolute path: relative to the current directory,
/// else to the directory of a file the assembly read.
fn resolve(name: &str, dirs: &[PathBuf]) -> PathBuf {
    let p = Path::new(name);
    if p.is_absolute() || p.exists() {
        return canonical(p);
    }
    dirs.iter()
        .map(|d| d.join(p))
        .find(|c| c.exists())
        .map_or_else(|| canonical(p), |c| canonical(&c))
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| std::path::absolute(p).unwrap_or(p.to_path_buf()))
}
