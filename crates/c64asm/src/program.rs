//! The result of a successful assembly: bytes, symbols, labels and listing.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::source::SourceMap;

/// The executed source lines of a pass (file, line start, address, byte count),
/// delta- and varint-encoded: about 3 bytes per line instead of 16.
#[derive(Clone, Default)]
pub(crate) struct ListingLog {
    bytes: Vec<u8>,
    file: u32,
    line: u32,
    next_pc: u32,
}

fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get(bytes: &[u8], pos: &mut usize) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    while let Some(&b) = bytes.get(*pos) {
        *pos += 1;
        v |= ((b & 0x7f) as u64) << shift;
        if b & 0x80 == 0 {
            break;
        }
        shift += 7;
    }
    v
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

impl ListingLog {
    pub fn clear(&mut self) {
        *self = ListingLog {
            bytes: std::mem::take(&mut self.bytes),
            ..Default::default()
        };
        self.bytes.clear();
    }

    pub fn push(&mut self, file: u32, line: u32, pc: u32, len: u32) {
        let new_file = file != self.file;
        let line_delta = line as i64 - if new_file { 0 } else { self.line as i64 };
        put(&mut self.bytes, zigzag(line_delta) << 1 | new_file as u64);
        if new_file {
            put(&mut self.bytes, file as u64);
        }
        put(&mut self.bytes, zigzag(pc as i64 - self.next_pc as i64));
        put(&mut self.bytes, len as u64);
        self.file = file;
        self.line = line;
        self.next_pc = pc + len;
    }

    /// (file, line start, address, length) of each entry.
    pub fn entries(&self) -> impl Iterator<Item = (u32, u32, u32, u32)> + '_ {
        let mut pos = 0;
        let (mut file, mut line, mut next_pc) = (0u32, 0u32, 0u32);
        std::iter::from_fn(move || {
            if pos >= self.bytes.len() {
                return None;
            }
            let head = get(&self.bytes, &mut pos);
            let new_file = head & 1 == 1;
            if new_file {
                file = get(&self.bytes, &mut pos) as u32;
                line = 0;
            }
            line = (line as i64 + unzigzag(head >> 1)) as u32;
            let pc = (next_pc as i64 + unzigzag(get(&self.bytes, &mut pos))) as u32;
            let len = get(&self.bytes, &mut pos) as u32;
            next_pc = pc + len;
            Some((file, line, pc, len))
        })
    }
}

#[derive(Clone)]
pub struct Program {
    /// Lowest address written.
    pub load_address: u16,
    /// Bytes from `load_address` to the highest address written; gaps are zero.
    pub image: Vec<u8>,
    /// Every global label and constant, plus cheap locals as `global._local`
    /// (`_local` alone if it precedes the first global label). Labels inside
    /// macro expansions are private to the expansion and not listed.
    pub symbols: BTreeMap<String, i64>,
    pub warnings: Diagnostics,
    /// For each entry of `symbols` in order: does it name an address (a label)?
    pub(crate) label_flags: Vec<bool>,
    pub(crate) passes: u32,
    pub(crate) listing: ListingLog,
    pub(crate) sources: Arc<SourceMap>,
}

impl Program {
    /// The .prg file contents: 2-byte little-endian load address, then the image.
    pub fn prg_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.image.len() + 2);
        out.extend_from_slice(&self.load_address.to_le_bytes());
        out.extend_from_slice(&self.image);
        out
    }

    /// Address one past the last byte of the image (may be $10000).
    pub fn end_address(&self) -> u32 {
        self.load_address as u32 + self.image.len() as u32
    }

    /// How many passes the assembly took until every address was stable.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    pub fn symbol(&self, name: &str) -> Option<i64> {
        self.symbols.get(name).copied()
    }

    /// Labels that name addresses (not `=` constants), sorted by address, then name.
    pub fn address_labels(&self) -> Vec<(String, u16)> {
        let mut labels: Vec<(String, u16)> = self
            .symbols
            .iter()
            .zip(&self.label_flags)
            .filter(|(_, is_label)| **is_label)
            .map(|((name, &value), _)| (name.clone(), value as u16))
            .collect();
        labels.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        labels
    }

    /// VICE monitor label file: one `al C:0810 .name` line per address label.
    pub fn vice_labels(&self) -> String {
        let labels = self.address_labels();
        let mut out = String::with_capacity(labels.len() * 20);
        for (name, addr) in &labels {
            // Scoped names use ':' between parts, the form 64tass's --vice-labels
            // writes and VICE users already load.
            let vice_name = name.replace('.', ":");
            let _ = writeln!(out, "al C:{addr:04x} .{vice_name}");
        }
        out
    }

    /// Assembler listing: address, up to eight bytes, then the source line.
    pub fn listing(&self) -> String {
        let mut out = String::new();
        let mut last_file = u32::MAX;
        for (file_id, line, pc, len) in self.listing.entries() {
            let file = self.sources.get(file_id);
            if file_id != last_file {
                let _ = writeln!(out, ";; {}", file.name);
                last_file = file_id;
            }
            let text = file.line_at(line as usize);
            let mut bytes = String::new();
            for i in 0..len.min(8) {
                let addr = pc + i;
                if addr < self.load_address as u32 || addr >= self.end_address() {
                    break;
                }
                let b = self.image[(addr - self.load_address as u32) as usize];
                let _ = write!(bytes, "{b:02x} ");
            }
            if len > 8 {
                bytes.push_str("...");
            }
            let _ = writeln!(
                out,
                ".{:04x}  {:<27} {}",
                pc & 0xffff,
                bytes.trim_end(),
                text
            );
        }
        out
    }
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("load_address", &format_args!("${:04X}", self.load_address))
            .field("len", &self.image.len())
            .field("symbols", &self.symbols.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::ListingLog;

    #[test]
    fn listing_log_round_trips() {
        let mut log = ListingLog::default();
        let entries = [
            (0, 0, 0x801, 2),
            (0, 10, 0x803, 0),
            (1, 0, 0x803, 3),
            (1, 4, 0x1000, 1),
            (0, 25, 0x900, 70000),
        ];
        for &(f, l, p, n) in &entries {
            log.push(f, l, p, n);
        }
        assert_eq!(log.entries().collect::<Vec<_>>(), entries);
        log.clear();
        assert_eq!(log.entries().count(), 0);
    }
}
