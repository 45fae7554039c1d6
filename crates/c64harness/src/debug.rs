//! What the harness knows about a program beyond its bytes: the source map, the
//! labels, and the bytes each address held as assembled (to decode instructions).

use std::collections::BTreeMap;

use c64asm::{Program, SymbolValue};

use crate::opcodes;
use crate::source::SourceIndex;
use crate::watch::AddrSet;

/// A program's source map and labels, shared by coverage, profiles and traces.
#[derive(Clone, Debug)]
pub struct DebugInfo {
    /// The main source file (or the .prg), naming the program in reports.
    pub name: String,
    /// Which statement wrote each address.
    pub index: SourceIndex,
    /// Labels of addresses (scoped names joined with `.`), sorted by address.
    pub labels: Vec<(String, u16)>,
    /// One name per labelled address: the shortest (then the first alphabetically),
    /// as the emulator chooses for traces and stop reasons.
    pub names: BTreeMap<u16, String>,
    /// 64 KiB with the program's bytes where the CPU runs them.
    pub memory: Vec<u8>,
    /// Numeric constants that fit in 16 bits (`sid_volume = $d418`), by value.
    pub constants: BTreeMap<u16, Vec<String>>,
    /// The text of each run's statement (index as in the source map), where known.
    pub texts: Vec<String>,
    instructions: Vec<(u16, usize)>,
}

impl DebugInfo {
    /// Everything an assembled program says about itself.
    pub fn from_program(name: &str, p: &Program) -> DebugInfo {
        let mut memory = vec![0u8; 0x1_0000];
        for l in p.source_lines() {
            for i in 0..l.len {
                let Some(&b) = l
                    .addr
                    .checked_sub(p.load_address)
                    .and_then(|o| p.image.get((o + i) as usize))
                else {
                    break;
                };
                memory[((l.pc + i) & 0xFFFF) as usize] = b;
            }
        }
        let mut info = DebugInfo::new(
            name,
            SourceIndex::from_program(p),
            p.address_labels(),
            memory,
        );
        for s in p.symbols() {
            if let SymbolValue::Number(n) = s.value
                && let Ok(v) = u16::try_from(n)
            {
                info.constants.entry(v).or_default().push(s.name.clone());
            }
        }
        info.texts = p
            .source_lines()
            .iter()
            .filter(|l| l.len > 0 && l.pc <= 0xFFFF)
            .map(|l| p.line_text(l).to_string())
            .collect();
        info
    }

    /// From a source map and labels read back from files, and the memory the program
    /// was loaded into.
    pub fn new(
        name: &str,
        index: SourceIndex,
        labels: Vec<(String, u16)>,
        mut memory: Vec<u8>,
    ) -> DebugInfo {
        memory.resize(0x1_0000, 0);
        let mut names: BTreeMap<u16, String> = BTreeMap::new();
        for (n, a) in &labels {
            let better = names
                .get(a)
                .is_none_or(|old| (n.len(), n) < (old.len(), old));
            if better {
                names.insert(*a, n.clone());
            }
        }
        let instructions = index.instructions(|a| memory[usize::from(a)]);
        DebugInfo {
            name: name.to_string(),
            index,
            labels,
            names,
            memory,
            constants: BTreeMap::new(),
            texts: Vec::new(),
            instructions,
        }
    }

    /// The statement text of the run holding `addr`, if known.
    pub fn text(&self, addr: u16) -> Option<&str> {
        let run = self.index.run_index(addr)?;
        self.texts.get(run).map(String::as_str)
    }

    /// The program's instructions: (address, index of its run in the source map).
    pub fn instructions(&self) -> impl Iterator<Item = (u16, usize)> + '_ {
        self.instructions.iter().copied()
    }

    /// Every byte of the program's instructions (opcodes and operands).
    pub fn code_bytes(&self) -> AddrSet {
        let mut set = AddrSet::new();
        for &(pc, _) in &self.instructions {
            let len = opcodes::length(self.memory[usize::from(pc)]);
            set.insert_range(pc, usize::from(len));
        }
        set
    }

    /// `label`, `label+3` (the nearest label at or below, within 256 bytes) or `$C003`.
    pub fn describe(&self, addr: u16) -> String {
        match self.names.range(..=addr).next_back() {
            Some((&a, name)) if a == addr => name.clone(),
            Some((&a, name)) if addr - a < 0x100 => format!("{name}+{}", addr - a),
            _ => format!("${addr:04X}"),
        }
    }
}
