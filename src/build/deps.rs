//! The Makefile rule of `-M`/`--dependencies`, as 64tass writes it: every
//! file the build writes as the targets (outputs, listing, label files,
//! maps, error file, in that order), then the sources named on the command
//! line, then the other files read in the order 64tass keeps them (its
//! file table: open addressing on a hash of the name, so not the order
//! they were read in). Lines are broken after 64 columns.

use std::path::{Path, PathBuf};

/// The rule (and with `phony` a second rule naming the files read with no
/// prerequisites). Nothing at all when there is no target (all go to
/// standard output).
///
/// `looked_up` is every path looked for in the order first looked for, the
/// ones not found too (they take their places in 64tass's table, though
/// only the files `read` are named).
pub fn make_rule(
    targets: &[&Path],
    sources: &[PathBuf],
    read: &[PathBuf],
    looked_up: &[PathBuf],
    phony: bool,
) -> String {
    let mut line = Line::default();
    for t in targets.iter().filter(|t| !is_dash(t)) {
        line.word(&t.display().to_string());
    }
    if line.len == 0 {
        return String::new();
    }
    line.len += 1;
    line.out.push(':');
    for s in sources.iter().filter(|s| !is_dash(s)) {
        line.word(&s.display().to_string());
    }
    let read: Vec<String> = read.iter().map(|p| p.display().to_string()).collect();
    let others: Vec<String> = table_order(looked_up)
        .into_iter()
        .filter(|name| read.contains(name))
        .filter(|name| !sources.iter().any(|s| s.display().to_string() == *name))
        .collect();
    for name in &others {
        line.word(name);
    }
    line.out.push('\n');
    let mut text = line.out;
    if phony && !others.is_empty() {
        let mut line = Line::default();
        for name in &others {
            line.word(name);
        }
        text.push_str(&line.out);
        text.push_str(":\n");
    }
    text
}

/// `-` is standard input or output, no file.
fn is_dash(p: &Path) -> bool {
    p.as_os_str() == "-"
}

/// A line being written, with the width 64tass counts for it (which leaves
/// out the backslash before a blank or `#`, and counts any character past
/// ASCII as one).
#[derive(Default)]
struct Line {
    out: String,
    len: usize,
}

impl Line {
    /// One name, after a blank (and a line break once past 64 columns).
    fn word(&mut self, name: &str) {
        if self.len != 0 {
            if self.len > 64 {
                self.out.push_str(" \\\n");
                self.len = 0;
            }
            self.len += 1;
            self.out.push(' ');
        }
        self.escaped(name);
    }

    /// A name as make reads it: a blank or `#` after a backslash, the
    /// backslashes before it doubled; `$` doubled; a control character `?`.
    fn escaped(&mut self, name: &str) {
        let mut backslashes = 0;
        for c in name.chars() {
            if !c.is_ascii() {
                backslashes = 0;
                self.out.push(if c.is_control() { '?' } else { c });
                self.len += 1;
                continue;
            }
            match c {
                '\\' => backslashes += 1,
                ' ' | '#' => {
                    for _ in 0..backslashes {
                        self.out.push('\\');
                        self.len += 1;
                    }
                    backslashes = 0;
                    self.out.push('\\');
                }
                '$' => {
                    self.out.push('$');
                    self.len += 1;
                    backslashes = 0;
                }
                _ => backslashes = 0,
            }
            self.out
                .push(if (' '..='~').contains(&c) { c } else { '?' });
            self.len += 1;
        }
    }
}

/// The files read as 64tass's file table lists them: each name inserted in
/// the order first read into a table of 8 slots (doubled, and filled again
/// in slot order, whenever it is two thirds full as a name is looked up;
/// every name is looked up again in the next pass), at its hash, probing on
/// with the hash's next bits on a collision.
fn table_order(read: &[PathBuf]) -> Vec<String> {
    let names: Vec<String> = read.iter().map(|p| p.display().to_string()).collect();
    let mut table = Table::default();
    for name in names.iter().chain(names.iter()) {
        table.look_up(name);
    }
    table.slots.into_iter().flatten().collect()
}

#[derive(Default)]
struct Table {
    slots: Vec<Option<String>>,
    len: usize,
}

impl Table {
    fn look_up(&mut self, name: &str) {
        let mask = self.slots.len().saturating_sub(1);
        if self.slots.is_empty() || self.len * 3 / 2 >= mask {
            let size = if self.slots.is_empty() {
                8
            } else {
                self.slots.len() * 2
            };
            let old = std::mem::replace(&mut self.slots, vec![None; size]);
            for name in old.into_iter().flatten() {
                let at = self.slot_of(&name);
                self.slots[at] = Some(name);
            }
        }
        let at = self.slot_of(name);
        if self.slots[at].is_none() {
            self.slots[at] = Some(name.to_string());
            self.len += 1;
        }
    }

    /// Where `name` is, or the free slot it goes to: its hash, probing on
    /// with the hash's next bits on a collision.
    fn slot_of(&self, name: &str) -> usize {
        let mask = self.slots.len() - 1;
        let mut hash = name_hash(name);
        let mut at = hash as usize & mask;
        while self.slots[at].as_deref().is_some_and(|there| there != name) {
            hash >>= 5;
            at = (5 * at + hash as usize + 1) & mask;
        }
        at
    }
}

/// 64tass's string hash of a file name (its bytes).
fn name_hash(name: &str) -> u32 {
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return 0;
    };
    let mut h = u32::from(first) << 7;
    for &b in bytes {
        h = h.wrapping_mul(1_000_003) ^ u32::from(b);
    }
    h ^= bytes.len() as u32;
    h & (u32::MAX >> 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    /// A source including thirteen files in turn: 64tass names them in its
    /// table's order (checked against 64tass 1.58), the line broken after
    /// 64 columns.
    #[test]
    fn files_in_64tass_table_order() {
        let read = paths(&[
            "sprdef.asm",
            "2.asm",
            "4.asm",
            "8.asm",
            "16.asm",
            "32.asm",
            "64.asm",
            "128.asm",
            "256.asm",
            "512.asm",
            "1024.asm",
            "2048.asm",
            "4096.asm",
            "8192.asm",
        ]);
        let rule = make_rule(
            &[Path::new("x.nl"), Path::new("x.lbl")],
            &read[..1],
            &read,
            &read,
            false,
        );
        assert_eq!(
            rule,
            "x.nl x.lbl: sprdef.asm 2048.asm 4096.asm 4.asm 512.asm 32.asm 2.asm \\\n \
             64.asm 16.asm 8.asm 8192.asm 1024.asm 256.asm 128.asm\n"
        );
    }

    /// Blanks, `#` and `$` escaped for make; the escaping backslash is not
    /// counted towards the line's width.
    #[test]
    fn names_escaped_for_make() {
        let rule = make_rule(
            &[Path::new("my prog.prg")],
            &paths(&["a#1.asm"]),
            &paths(&["a#1.asm", "c$.bin"]),
            &paths(&["a#1.asm", "c$.bin"]),
            true,
        );
        assert_eq!(rule, "my\\ prog.prg: a\\#1.asm c$$.bin\nc$$.bin:\n");
    }
}
