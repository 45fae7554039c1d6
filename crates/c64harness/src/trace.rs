//! Source-level traces: each `--trace` line names the instruction's place
//! (`label+offset file:line`) and its operand by the name the source used.

use std::sync::Arc;

use crate::debug::DebugInfo;

/// [`c64emu::TraceNotes`] from a program's debug information.
pub struct TraceNotes(pub Arc<DebugInfo>);

impl c64emu::TraceNotes for TraceNotes {
    fn place(&self, pc: u16) -> Option<String> {
        let info = &self.0;
        let p = info.index.place(pc)?;
        Some(format!("{} {}:{}", info.describe(pc), p.file, p.line))
    }

    fn operand(&self, pc: u16, addr: u16) -> Option<String> {
        // A label of the address first; else a constant of that value that the
        // statement itself names (`sta sid_volume`), never a constant that merely has
        // the same value.
        let info = &self.0;
        if let Some(name) = info.names.get(&addr) {
            return Some(name.clone());
        }
        let text = info.text(pc)?;
        let names = info.constants.get(&addr)?;
        names
            .iter()
            .filter(|n| mentions(text, n))
            .min_by_key(|n| n.len())
            .cloned()
    }
}

/// Does `text` use the identifier `name` (not as part of a longer one)?
fn mentions(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}
