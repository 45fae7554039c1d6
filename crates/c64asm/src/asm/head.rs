//! How each source line starts: the directive or instruction a word names
//! (for the current processor and case rules), and the instruction a line
//! begins with, found once per line. Most lines of a source begin with an
//! instruction name; without this every pass would find it again (skip the
//! indentation, measure the word, look it up, rule out a label). A line's
//! text never changes, so what is kept stays exact; the processor, which
//! can change between passes, is applied when the line is read.

use super::Assembler;
use super::commands::{COMMAND_KEYS, COMMANDS, Cmd};
use super::lines::LineRef;
use super::mnemonics::{Op, mnemonic, mnemonic_entry, op_of_entry};
use crate::source::FileId;
use crate::syntax::scan::ident_len;

/// Per file, per line (2 bytes: a large source has many): 0 not looked at
/// yet, [`OTHER`], an instruction name's table entry with its offset in
/// the line in the entry's unused bits ([`OFFSET_SHIFT`]), or for a line
/// that is not an instruction the directive found in it ([`DIRECTIVE`]).
#[derive(Default)]
pub struct Heads {
    files: Vec<Vec<u16>>,
}

/// Anything but an instruction name first (or one indented too far to
/// keep: read the long way each pass).
const OTHER: u16 = 1;
/// Every table entry has this bit (`MnemonicTable::PRESENT`), [`OTHER`] not.
const INSTR: u16 = 1 << 15;
/// Set (with [`INSTR`] clear) where a line that is not an instruction was
/// found to hold a directive ([`Assembler::command_kept`]): its entry in
/// `COMMANDS` in the low byte, its offset in the line as an instruction's.
const DIRECTIVE: u16 = 1 << 14;
const _: () = assert!(COMMANDS.len() <= 0x100 && OTHER & DIRECTIVE == 0);
/// Where the offset goes: entry bits 8..13, which hold nothing (the low
/// byte is an index or an opcode, the top three bits are flags).
const OFFSET_SHIFT: u32 = 8;
const OFFSET_MAX: usize = 31;

impl Heads {
    fn get(&self, file: FileId, index: u32) -> u16 {
        self.files
            .get(file as usize)
            .and_then(|f| f.get(index as usize))
            .copied()
            .unwrap_or(0)
    }

    fn set(&mut self, file: FileId, index: u32, lines: usize, head: u16) {
        let f = file as usize;
        if self.files.len() <= f {
            self.files.resize_with(f + 1, Vec::new);
        }
        let list = &mut self.files[f];
        if list.len() < lines {
            list.resize(lines, 0);
        }
        if let Some(slot) = list.get_mut(index as usize) {
            *slot = head;
        }
    }
}

impl Assembler<'_> {
    /// The directive named at `pos` (just after the dot), with its end.
    pub fn command_at(&self, line: &LineRef, pos: usize) -> Option<(Cmd, usize)> {
        self.command_index(line, pos)
            .map(|i| (COMMANDS[i].1, pos + COMMANDS[i].0.len()))
    }

    /// [`Self::command_at`] for the statement of a line that does not
    /// begin with an instruction name: kept in the line's head the first
    /// time (its place in the line and the directive's entry), so a loop's
    /// or a later pass's reading of the line does not look the word up
    /// again. Another place on the same line is looked up each time.
    pub fn command_kept(&mut self, line: &LineRef, pos: usize) -> Option<(Cmd, usize)> {
        let head = self.heads.get(line.file, line.index);
        let offset = pos.wrapping_sub(line.start);
        if head & (INSTR | DIRECTIVE) == DIRECTIVE
            && (head >> OFFSET_SHIFT) as usize & OFFSET_MAX == offset
        {
            let i = (head & 0xff) as usize;
            return Some((COMMANDS[i].1, pos + COMMANDS[i].0.len()));
        }
        let i = self.command_index(line, pos)?;
        if head == OTHER && offset <= OFFSET_MAX {
            let kept = DIRECTIVE | (offset as u16) << OFFSET_SHIFT | i as u16;
            let lines = self.src.get(line.file).line_count();
            self.heads.set(line.file, line.index, lines, kept);
        }
        Some((COMMANDS[i].1, pos + COMMANDS[i].0.len()))
    }

    /// The entry in [`COMMANDS`] of the directive named at `pos`.
    fn command_index(&self, line: &LineRef, pos: usize) -> Option<usize> {
        let len = ident_len(&line.text[..line.end], pos, self.dialect.unicode);
        if len == 0 || len > 12 {
            return None;
        }
        let word = &line.text.as_bytes()[pos..pos + len];
        let mut key = 0u128;
        for &b in word {
            let b = if self.dialect.case_sensitive {
                b
            } else {
                b.to_ascii_lowercase()
            };
            key = key << 8 | b as u128;
        }
        key <<= 8 * (16 - len);
        COMMAND_KEYS.binary_search(&key).ok()
    }

    /// Is `word` an instruction of the current processor? With `-C`
    /// 64tass knows them in lower case only (`CLV` is then a label).
    pub fn is_mnemonic(&self, word: &str) -> bool {
        self.mnemonic_of(word).is_some()
    }

    /// The instruction `word` names for the current processor, if any.
    pub fn mnemonic_of(&self, word: &str) -> Option<Op> {
        if self.dialect.case_sensitive && word.bytes().any(|b| b.is_ascii_uppercase()) {
            return None;
        }
        mnemonic(word, self.st.cpu)
    }

    /// The instruction a line starts with (no label in front) and where its
    /// name is, when the current processor has it.
    pub fn instruction_first(&mut self, line: &LineRef) -> Option<(Op, usize)> {
        let mut head = self.heads.get(line.file, line.index);
        if head == 0 {
            head = self.head_of(line);
            let lines = self.src.get(line.file).line_count();
            self.heads.set(line.file, line.index, lines, head);
        }
        if head & INSTR == 0 {
            return None;
        }
        let offset = (head >> OFFSET_SHIFT) as usize & OFFSET_MAX;
        let entry = head & !((OFFSET_MAX as u16) << OFFSET_SHIFT);
        let op = op_of_entry(entry, self.st.cpu)?;
        Some((op, line.start + offset))
    }

    /// Where the instruction `line` starts with is, from what
    /// [`Assembler::instruction_first`] kept for it (without looking at the
    /// line again); None when nothing is kept or it starts otherwise.
    pub fn kept_instruction_first(&self, line: &LineRef) -> Option<usize> {
        let head = self.heads.get(line.file, line.index);
        if head & INSTR == 0 {
            return None;
        }
        let offset = (head >> OFFSET_SHIFT) as usize & OFFSET_MAX;
        let entry = head & !((OFFSET_MAX as u16) << OFFSET_SHIFT);
        op_of_entry(entry, self.st.cpu)?;
        Some(line.start + offset)
    }

    /// What `line` (in `labelled_line`) takes for an instruction name
    /// written first: a three-letter word that is neither dotted (`a.b`) nor
    /// a label (`a:`), an instruction name of some processor (with `-C` in
    /// lower case).
    fn head_of(&self, line: &LineRef) -> u16 {
        let pos = line.skip_ws(line.start);
        let offset = pos - line.start;
        if !line.at(pos).is_ascii_alphabetic() || offset > OFFSET_MAX {
            return OTHER;
        }
        if ident_len(&line.text[..line.end], pos, self.dialect.unicode) != 3 {
            return OTHER;
        }
        let after = pos + 3;
        let dotted = line.at(after) == b'.' && line.at(after + 1) != b'.';
        let label = line.at(after) == b':' && !matches!(line.at(after + 1), b'=' | b':' | b'?');
        let word = &line.text[pos..after];
        if dotted
            || label
            || (self.dialect.case_sensitive && word.bytes().any(|b| b.is_ascii_uppercase()))
        {
            return OTHER;
        }
        match mnemonic_entry(word) {
            Some(entry) if entry >> OFFSET_SHIFT & OFFSET_MAX as u16 == 0 => {
                entry | (offset as u16) << OFFSET_SHIFT
            }
            _ => OTHER,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, assemble_str};

    /// One expansion text (the same arguments) read under two processors:
    /// the line's kept head gives `anc` where the processor has it, and the
    /// same line is refused where it doesn't.
    #[test]
    fn the_processor_applies_when_the_line_is_read() {
        let body = "* = $1000\nm .macro\n anc #1\n .endm\n .cpu \"6502i\"\n #m\n";
        let twice = format!("{body} #m\n");
        let p = assemble_str("t.asm", &twice, &Options::default())
            .unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(p.prg_bytes(), [0x00, 0x10, 0x0b, 0x01, 0x0b, 0x01]);
        let switched = format!("{body} .cpu \"6502\"\n #m\n");
        assert!(assemble_str("t.asm", &switched, &Options::default()).is_err());
    }

    /// Words that look like instructions but aren't read as them: a label
    /// with a colon and (case-sensitive) upper case; an instruction indented
    /// too far to keep is still one.
    #[test]
    fn labels_named_like_instructions_stay_labels() {
        let far = " ".repeat(40);
        let src = format!("* = $1000\nlda: nop\n lda lda\nCLC = 3\n lda #CLC\n{far}rts\n");
        let opts = Options {
            case_sensitive: true,
            ..Options::default()
        };
        let p = assemble_str("t.asm", &src, &opts).unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(
            p.prg_bytes(),
            [0x00, 0x10, 0xea, 0xad, 0x00, 0x10, 0xa9, 0x03, 0x60]
        );
    }
}
