//! Instruction names: which word names which instruction of which
//! processor, one table look-up per word (every line that starts with a
//! word asks). Pure tables, below the lines that read them.

use crate::cpu::Cpu;
use crate::opcodes::{MNEMONICS, Mode, lookup, table};

/// An instruction name of the current processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// An entry of the opcode table.
    Real(u8),
    /// `gcc`, `gne`, ...: an always-taken branch (its index in `ALWAYS`).
    Always(u8),
}

/// The always-taken pseudo branches and the branch each tests.
pub const ALWAYS: &[(&str, u8)] = &[
    ("gcc", 0x90),
    ("gcs", 0xb0),
    ("geq", 0xf0),
    ("gge", 0xb0),
    ("glt", 0x90),
    ("gmi", 0x30),
    ("gne", 0xd0),
    ("gpl", 0x10),
    ("gra", 0x80),
    ("gvc", 0x50),
    ("gvs", 0x70),
];

/// Look up an instruction name, in any case (with `-C` the caller only asks
/// for lower-case names, as 64tass). Every line starting with a word asks
/// this, so it is one table look-up.
pub fn mnemonic(word: &str, cpu: Cpu) -> Option<Op> {
    op_of_entry(mnemonic_entry(word)?, cpu)
}

/// What a word names of any processor: its entry in the table (kept by
/// [`super::head`] for the line), which [`op_of_entry`] reads.
pub fn mnemonic_entry(word: &str) -> Option<u16> {
    let entry = MnemonicTable::get().entry(MnemonicTable::key(word.as_bytes())?);
    (entry & MnemonicTable::PRESENT != 0).then_some(entry)
}

/// The instruction a [`mnemonic_entry`] is on processor `cpu`. Inlined: the
/// line loop asks it for every line that starts with an instruction.
#[inline]
pub fn op_of_entry(entry: u16, cpu: Cpu) -> Option<Op> {
    let code = entry as u8;
    // Names every processor has (most lines) need no look at the processor.
    if entry & MnemonicTable::SOME_CPUS != 0 {
        let has = if entry & MnemonicTable::ALWAYS != 0 {
            bra_opcode(cpu).is_some() // `gra`
        } else {
            table(cpu)[code as usize].present()
        };
        if !has {
            return None;
        }
    }
    Some(if entry & MnemonicTable::ALWAYS != 0 {
        Op::Always(code)
    } else {
        Op::Real(code)
    })
}

/// For a word that is an instruction of another processor than the current
/// one: which processor has it and how to select it.
pub fn other_cpu_hint(word: &str) -> Option<String> {
    let i = crate::opcodes::lookup(word.as_bytes())? as usize;
    let cpu = crate::cpu::CPUS
        .into_iter()
        .find(|&cpu| table(cpu)[i].present())?;
    Some(format!(
        "instruction '{word}' needs the {} processor ({} or .cpu \"{}\")",
        cpu.name(),
        cpu.switch(),
        cpu.name()
    ))
}

/// Every three-letter word, by its letters (5 bits each): what it names.
/// In two levels: the first two letters pick a row, the third its entry.
/// Names start with 92 of the 1,024 pairs, so the table takes about 7 KB
/// where one entry for every word took 64 KB (nearly all of it resident:
/// the names' first letters are spread over every page).
struct MnemonicTable {
    /// A pair's row in `rows`; 0, a row of empty entries, for most pairs.
    row_of_pair: Box<[u8; 1 << 10]>,
    rows: Vec<[u16; 32]>,
}

impl MnemonicTable {
    const PRESENT: u16 = 1 << 15;
    const ALWAYS: u16 = 1 << 14;
    /// Not every processor has it: [`op_of_entry`] asks the processor's table.
    const SOME_CPUS: u16 = 1 << 13;

    /// A word's key: its three letters in any case, 5 bits each. A byte
    /// `| 0x20` is a lower-case letter exactly when it is a letter, so the
    /// three are checked at once, with no branch for each.
    #[inline]
    fn key(word: &[u8]) -> Option<usize> {
        let [a, b, c] = *word else { return None };
        let [a, b, c] = [a, b, c].map(|ch| (ch | 0x20).wrapping_sub(b'a'));
        (a.max(b).max(c) < 26).then(|| usize::from(a) << 10 | usize::from(b) << 5 | usize::from(c))
    }

    /// The entry of a word's key (below 1 << 15).
    #[inline]
    fn entry(&self, key: usize) -> u16 {
        let row = self.row_of_pair[key >> 5 & 0x3ff];
        self.rows[usize::from(row)][key & 31]
    }

    fn get() -> &'static MnemonicTable {
        static TABLE: std::sync::OnceLock<MnemonicTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = MnemonicTable {
                row_of_pair: Box::new([0; 1 << 10]),
                rows: vec![[0; 32]],
            };
            let mut set = |word: &str, entry: u16| {
                if let Some(k) = Self::key(word.as_bytes()) {
                    let pair = k >> 5;
                    if t.row_of_pair[pair] == 0 {
                        t.row_of_pair[pair] =
                            u8::try_from(t.rows.len()).expect("at most 255 pairs start a name");
                        t.rows.push([0; 32]);
                    }
                    t.rows[usize::from(t.row_of_pair[pair])][k & 31] = entry;
                }
            };
            let real = |i: usize| {
                let some = if crate::opcodes::everywhere(i) {
                    0
                } else {
                    Self::SOME_CPUS
                };
                Self::PRESENT | some | i as u16
            };
            for (i, m) in MNEMONICS.iter().enumerate() {
                set(m.name(), real(i));
            }
            for (i, &(name, opcode)) in ALWAYS.iter().enumerate() {
                let some = if opcode == 0x80 { Self::SOME_CPUS } else { 0 };
                set(name, Self::PRESENT | Self::ALWAYS | some | i as u16);
            }
            t
        })
    }
}

/// The opcode of `bra` on `cpu`, which `gra` becomes.
pub fn bra_opcode(cpu: Cpu) -> Option<u8> {
    let i = lookup(b"bra")?;
    table(cpu)[i as usize].opcode(Mode::Relative)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_only_those_is_in_the_table() {
        let mut names = 0;
        for a in b'a'..=b'z' {
            for b in b'a'..=b'z' {
                for c in b'a'..=b'z' {
                    let word = [a, b, c];
                    let word = std::str::from_utf8(&word).unwrap();
                    let real = MNEMONICS.iter().position(|m| m.is(word));
                    let always = ALWAYS.iter().position(|&(n, _)| n == word);
                    let entry = mnemonic_entry(word);
                    assert_eq!(
                        entry.is_some(),
                        real.is_some() || always.is_some(),
                        "{word}"
                    );
                    if let Some(i) = real.or(always) {
                        assert_eq!(entry.map(|e| e as u8), Some(i as u8), "{word}");
                        names += 1;
                    }
                    assert_eq!(mnemonic_entry(&word.to_ascii_uppercase()), entry);
                }
            }
        }
        assert!(names > 100);
        // Every byte in every place, against the letters' own test.
        for at in 0..3 {
            for ch in 0..=255u8 {
                let mut word = *b"lda";
                word[at] = ch;
                let expected = word.iter().all(u8::is_ascii_alphabetic).then(|| {
                    word.iter().fold(0, |k, &l| {
                        k << 5 | usize::from(l.to_ascii_lowercase() - b'a')
                    })
                });
                assert_eq!(MnemonicTable::key(&word), expected, "{word:?}");
            }
        }
        assert_eq!(mnemonic_entry("lda1"), None);
    }
}
