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
    let entry = MnemonicTable::get().0[MnemonicTable::key(word.as_bytes())?];
    (entry & MnemonicTable::PRESENT != 0).then_some(entry)
}

/// The instruction a [`mnemonic_entry`] is on processor `cpu`.
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
struct MnemonicTable(Box<[u16]>);

impl MnemonicTable {
    const PRESENT: u16 = 1 << 15;
    const ALWAYS: u16 = 1 << 14;
    /// Not every processor has it: [`op_of_entry`] asks the processor's table.
    const SOME_CPUS: u16 = 1 << 13;

    fn key(word: &[u8]) -> Option<usize> {
        let [a, b, c] = *word else { return None };
        let mut key = 0;
        for ch in [a, b, c] {
            let l = ch.to_ascii_lowercase();
            if !l.is_ascii_lowercase() {
                return None;
            }
            key = key << 5 | usize::from(l - b'a');
        }
        Some(key)
    }

    fn get() -> &'static MnemonicTable {
        static TABLE: std::sync::OnceLock<MnemonicTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = vec![0u16; 1 << 15].into_boxed_slice();
            let mut set = |word: &str, entry: u16| {
                if let Some(k) = Self::key(word.as_bytes()) {
                    t[k] = entry;
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
                set(m.name, real(i));
            }
            for (i, &(name, opcode)) in ALWAYS.iter().enumerate() {
                let some = if opcode == 0x80 { Self::SOME_CPUS } else { 0 };
                set(name, Self::PRESENT | Self::ALWAYS | some | i as u16);
            }
            MnemonicTable(t)
        })
    }
}

/// The opcode of `bra` on `cpu`, which `gra` becomes.
pub fn bra_opcode(cpu: Cpu) -> Option<u8> {
    let i = lookup(b"bra")?;
    table(cpu)[i as usize].opcode(Mode::Relative)
}
