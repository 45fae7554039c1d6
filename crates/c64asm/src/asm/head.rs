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
use crate::intern::Name;
use crate::source::FileId;
use crate::syntax::expr::intern_name;
use crate::syntax::scan::ident_len;

/// Per file, per line (2 bytes: a large source has many): 0 not looked at
/// yet, [`OTHER`], an instruction name's table entry with its offset in
/// the line in the entry's unused bits ([`OFFSET_SHIFT`]), or for a line
/// that is not an instruction the directive found in it ([`DIRECTIVE`]) or
/// the shape of its code label ([`CODE_LABEL`]) or constant ([`CONSTANT`]).
#[derive(Default)]
pub struct Heads {
    files: Vec<Vec<u16>>,
    /// Per file and block of 64 lines, which of its lines have their label
    /// name kept in [`Heads::label_names`], and from where.
    labels: Vec<Vec<LabelBlock>>,
    /// The interned names of labelled lines' first words: a block's names
    /// in a row, in the order of its lines.
    label_names: Vec<Name>,
}

/// The label names kept for a block of 64 lines: a bit per line, the
/// names from `first` on in the lines' order (12 bytes per 64 lines rather
/// than a name per line). A name is kept only while it can be appended (the
/// block's names are the last ones kept and the line comes after them),
/// which reading a file in order gives; a line first read otherwise (a
/// branch first taken in a later pass) is interned each time.
#[derive(Clone, Copy, Default)]
struct LabelBlock {
    /// The block's lines as two words (12 bytes a block, not 16).
    lines: [u32; 2],
    first: u32,
}

impl LabelBlock {
    fn lines(&self) -> u64 {
        u64::from(self.lines[1]) << 32 | u64::from(self.lines[0])
    }
}

impl Heads {
    #[inline]
    fn label_name(&self, file: FileId, index: u32) -> Option<Name> {
        let block = self.labels.get(file as usize)?.get(index as usize / 64)?;
        let bit = 1u64 << (index % 64);
        let lines = block.lines();
        if lines & bit == 0 {
            return None;
        }
        let before = (lines & (bit - 1)).count_ones();
        self.label_names
            .get((block.first + before) as usize)
            .copied()
    }

    fn keep_label_name(&mut self, file: FileId, index: u32, lines: usize, name: Name) {
        let f = file as usize;
        if self.labels.len() <= f {
            self.labels.resize_with(f + 1, Vec::new);
        }
        let list = &mut self.labels[f];
        if list.len() < lines.div_ceil(64) {
            list.resize(lines.div_ceil(64), LabelBlock::default());
        }
        let Some(block) = list.get_mut(index as usize / 64) else {
            return;
        };
        let end = self.label_names.len() as u32;
        let bit = 1u64 << (index % 64);
        let kept = block.lines();
        if kept == 0 {
            block.first = end;
        } else if block.first + kept.count_ones() != end || kept >= bit {
            return;
        }
        let kept = kept | bit;
        block.lines = [kept as u32, (kept >> 32) as u32];
        self.label_names.push(name);
    }
}

/// A blank or comment line's head (see [`BLANK`]).
#[inline(always)]
pub fn is_blank(head: u16) -> bool {
    head == BLANK
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
/// Set (with [`INSTR`] and [`DIRECTIVE`] clear) where `labelled_line` read
/// the line as a code label and what follows it (see
/// [`Assembler::keep_code_label`]): the name's length in the low
/// [`LABEL_LEN_BITS`] bits, above them how far the rest of the line is
/// from the name's end (blanks and a colon).
const CODE_LABEL: u16 = 1 << 13;
const LABEL_LEN_BITS: u32 = 6;
const LABEL_LEN_MAX: usize = (1 << LABEL_LEN_BITS) - 1;
const LABEL_GAP_MAX: usize = (1 << (13 - LABEL_LEN_BITS)) - 1;
const _: () = assert!(CODE_LABEL & (INSTR | DIRECTIVE | OTHER) == 0);
/// Both bits (with [`INSTR`] clear): a line `labelled_line` read as a
/// constant's definition, `name = value` (see
/// [`Assembler::keep_constant`]), kept as a code label is, its gap up to
/// the `=`. A directive's head never has [`CODE_LABEL`]'s bit (its offset
/// is below it).
const CONSTANT: u16 = CODE_LABEL | DIRECTIVE;
/// A line of blanks, or of blanks and a comment: nothing to do in any
/// reading but count it (no label, no statement), so the line loop passes
/// over it without reading its text (see `Assembler::blank_line_passed`).
/// None of the other kinds' bits.
const BLANK: u16 = 2;
const _: () = assert!(BLANK & (INSTR | DIRECTIVE | CODE_LABEL) == 0 && BLANK != OTHER);
const _: () = assert!((OFFSET_MAX as u16) << OFFSET_SHIFT < CODE_LABEL);

/// A line kept as a code label (or a constant's definition): its name's
/// length, and how far after the name the rest of the line (the `=`)
/// starts.
#[derive(Clone, Copy)]
pub struct KeptLabel {
    pub len: usize,
    pub gap: usize,
    /// A constant's definition ([`Assembler::keep_constant`]).
    pub constant: bool,
}

/// How a line starts, as [`Assembler::line_head`] finds it.
pub enum LineHead {
    /// The instruction the line starts with, and where its name is.
    Instruction(Op, usize),
    /// A code label or a constant's definition read before (see
    /// [`Assembler::keep_code_label`], [`Assembler::keep_constant`]).
    CodeLabel(KeptLabel),
    Other,
}

/// What [`Assembler::keep_code_label`] or [`Assembler::keep_constant`]
/// kept in the head of a line that is not an instruction, if either did
/// (one bit tested: every line that is neither pays it).
fn kept_label(head: u16) -> Option<KeptLabel> {
    if head & CODE_LABEL == 0 {
        return None;
    }
    Some(KeptLabel {
        len: (head & LABEL_LEN_MAX as u16) as usize,
        gap: (head >> LABEL_LEN_BITS) as usize & LABEL_GAP_MAX,
        constant: head & CONSTANT == CONSTANT,
    })
}
/// Where the offset goes: entry bits 8..13, which hold nothing (the low
/// byte is an index or an opcode, the top three bits are flags).
const OFFSET_SHIFT: u32 = 8;
const OFFSET_MAX: usize = 31;

impl Heads {
    #[inline(always)]
    fn get(&self, file: FileId, index: u32) -> u16 {
        self.files
            .get(file as usize)
            .and_then(|f| f.get(index as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Inline: once per line in the first pass; the tables grow out of
    /// line, once a file.
    #[inline]
    fn set(&mut self, file: FileId, index: u32, lines: usize, head: u16) {
        match self.files.get_mut(file as usize) {
            Some(list) if list.len() >= lines => {
                if let Some(slot) = list.get_mut(index as usize) {
                    *slot = head;
                }
            }
            _ => self.set_growing(file, index, lines, head),
        }
    }

    #[inline(never)]
    fn set_growing(&mut self, file: FileId, index: u32, lines: usize, head: u16) {
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
    /// Inline: a kept directive is answered in place (the look-up and its
    /// keeping are out of line).
    #[inline]
    pub fn command_kept(&mut self, line: &LineRef, pos: usize) -> Option<(Cmd, usize)> {
        let head = self.heads.get(line.file, line.index);
        let offset = pos.wrapping_sub(line.start);
        if head & (INSTR | DIRECTIVE | CODE_LABEL) == DIRECTIVE
            && (head >> OFFSET_SHIFT) as usize & OFFSET_MAX == offset
        {
            let i = (head & 0xff) as usize;
            return Some((COMMANDS[i].1, pos + COMMANDS[i].0.len()));
        }
        self.command_looked_up(line, pos, head, offset)
    }

    /// The directive kept in the line's head by [`Self::command_kept`],
    /// wherever on the line it is: the directive, where its name starts
    /// (just after the dot) and where it ends. Inline: one read of the head.
    #[inline(always)]
    pub fn kept_directive(&self, line: &LineRef) -> Option<(Cmd, usize, usize)> {
        let head = self.heads.get(line.file, line.index);
        if head & (INSTR | DIRECTIVE | CODE_LABEL) != DIRECTIVE {
            return None;
        }
        let pos = line.start + ((head >> OFFSET_SHIFT) as usize & OFFSET_MAX);
        let i = (head & 0xff) as usize;
        Some((COMMANDS[i].1, pos, pos + COMMANDS[i].0.len()))
    }

    /// [`Self::command_kept`] where nothing is kept for `pos`: the word
    /// looked up, and kept when the line's head holds nothing else.
    #[inline(never)]
    fn command_looked_up(
        &mut self,
        line: &LineRef,
        pos: usize,
        head: u16,
        offset: usize,
    ) -> Option<(Cmd, usize)> {
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
        command_entry(word, !self.dialect.case_sensitive)
    }

    /// The interned name of the word (`len` bytes at `start`) a labelled
    /// line starts with: interned the first time the line is read, kept
    /// for later passes and loop iterations (interning looks the name up in
    /// a table of every name, a cache miss or more on a large source). A
    /// line's text and the case rules never change, so the name stays
    /// exact; `labelled_line` always gives the line's first word.
    /// Inline: a later reading only looks its name up in the kept ones.
    #[inline]
    pub fn label_name_kept(&mut self, line: &LineRef, start: usize, len: usize) -> Name {
        match self.heads.label_name(line.file, line.index) {
            Some(name) => name,
            None => self.label_name_interned(line, start, len),
        }
    }

    /// [`Self::label_name_kept`] the first time: the name interned, and
    /// kept when it can be.
    #[inline(never)]
    fn label_name_interned(&mut self, line: &LineRef, start: usize, len: usize) -> Name {
        let name = intern_name(
            &mut self.names,
            &line.text[start..start + len],
            self.dialect,
        );
        let lines = self.src.get(line.file).line_count();
        self.heads
            .keep_label_name(line.file, line.index, lines, name);
        name
    }

    /// A line `labelled_line` read up to its code label's definition
    /// (not dotted, nothing assigned, no directive after it; a name that
    /// could be an instruction on some processor has its colon): every
    /// later reading goes that way when its line is active, as only the
    /// line's text decided it. What the name is in each reading (a macro,
    /// a label defined twice) is looked at then.
    pub fn keep_code_label(&mut self, line: &LineRef, len: usize, gap: usize) {
        self.keep_label_shape(line, CODE_LABEL, len, gap);
    }

    /// A line `labelled_line` read up to a constant's definition
    /// (`name = value`: not dotted, not reserved, a name that could be an
    /// instruction on some processor with its colon; `gap` from the name's
    /// end to the `=`): every later reading of it when active defines the
    /// constant there, as only the line's text decided it.
    pub fn keep_constant(&mut self, line: &LineRef, len: usize, gap: usize) {
        self.keep_label_shape(line, CONSTANT, len, gap);
    }

    /// The head of a line read up to its label's definition: `kind`, the
    /// name's length and the gap after it, when they fit.
    fn keep_label_shape(&mut self, line: &LineRef, kind: u16, len: usize, gap: usize) {
        if len > LABEL_LEN_MAX || gap > LABEL_GAP_MAX {
            return;
        }
        let kept = kind | (gap as u16) << LABEL_LEN_BITS | len as u16;
        // The line's head is there: `instruction_first` set it first.
        if let Some(head) = self
            .heads
            .files
            .get_mut(line.file as usize)
            .and_then(|f| f.get_mut(line.index as usize))
            && *head == OTHER
        {
            *head = kept;
        }
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

    /// How a line starts, from its kept head (found the first time): the
    /// instruction it starts with (no label in front) and where its name
    /// is, when the current processor has it; or the shape of its code
    /// label ([`Self::keep_code_label`]) or constant
    /// ([`Self::keep_constant`]), so that a later reading goes to the
    /// label's definition without measuring the name again.
    /// `head` is the line's kept head, as [`Self::kept_head`] read it.
    #[inline]
    pub fn line_head(&mut self, line: &LineRef, mut head: u16) -> LineHead {
        debug_assert_eq!(head, self.heads.get(line.file, line.index));
        if head == 0 {
            head = self.head_of(line);
            let lines = self.src.get(line.file).line_count();
            self.heads.set(line.file, line.index, lines, head);
        }
        if head & INSTR == 0 {
            return match kept_label(head) {
                Some(kept) => LineHead::CodeLabel(kept),
                None => LineHead::Other,
            };
        }
        let offset = (head >> OFFSET_SHIFT) as usize & OFFSET_MAX;
        let entry = head & !((OFFSET_MAX as u16) << OFFSET_SHIFT);
        match op_of_entry(entry, self.st.cpu) {
            Some(op) => LineHead::Instruction(op, line.start + offset),
            None => LineHead::Other,
        }
    }

    /// The head kept for line `index` of `file` (0: not looked at yet),
    /// read once by the line loop for [`Self::line_head`].
    #[inline(always)]
    pub fn kept_head(&self, file: FileId, index: u32) -> u16 {
        self.heads.get(file, index)
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
        // Not a NUL byte (`at` gives 0 for it too): it is reported.
        if pos >= line.end || line.at(pos) == b';' {
            return BLANK;
        }
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

/// The entry in [`COMMANDS`] named `word` (at most 12 bytes; in capitals
/// too when `fold`): the word as a key (its bytes in a zero-padded block,
/// read big-endian, sort as the names do).
/// Only the entries that start with the word's first byte are searched
/// ([`FIRST_BYTES`]: a few, not all 126).
fn command_entry(word: &[u8], fold: bool) -> Option<usize> {
    let mut key = [0u8; 16];
    key[..word.len()].copy_from_slice(word);
    if fold {
        key.make_ascii_lowercase();
    }
    let (from, to) = FIRST_BYTES[key[0] as usize];
    let (from, to) = (from as usize, to as usize);
    let keys = COMMAND_KEYS.get(from..to)?;
    let i = keys.binary_search(&u128::from_be_bytes(key)).ok()?;
    Some(from + i)
}

/// Per first byte, the entries of [`COMMAND_KEYS`] (sorted) whose names
/// start with it: `from..to`, empty for a byte no name starts with.
const FIRST_BYTES: [(u8, u8); 256] = {
    assert!(COMMANDS.len() < 0x100);
    let mut ranges = [(0u8, 0u8); 256];
    let mut i = 0;
    while i < COMMAND_KEYS.len() {
        let b = (COMMAND_KEYS[i] >> 120) as usize;
        if ranges[b].1 == 0 {
            ranges[b].0 = i as u8;
        }
        ranges[b].1 = i as u8 + 1;
        i += 1;
    }
    ranges
};

#[cfg(test)]
mod tests {
    use super::Heads;
    use crate::{Options, assemble_str};

    /// A directive's word is found at its name's entry (in capitals only
    /// when folding), and nothing else is: a prefix, a longer word, a
    /// word with another first letter.
    #[test]
    fn directive_words_are_found_at_their_entries() {
        use super::{COMMANDS, command_entry};
        let find = |w: &str, fold: bool| {
            let w = if fold {
                w.to_ascii_lowercase()
            } else {
                w.to_string()
            };
            COMMANDS.iter().position(|c| c.0 == w)
        };
        let mut words: Vec<String> = Vec::new();
        for (name, _) in COMMANDS.iter() {
            words.push(name.to_string());
            words.push(name.to_ascii_uppercase());
            words.push(name[..name.len() - 1].to_string());
            words.push(format!("{name}x"));
            words.push(format!("_{name}"));
            words.push(format!("1{}", &name[1..]));
        }
        words.extend(["a", "z", "_", "9", "endm_", "zzzzzzzzzzzz"].map(String::from));
        for w in words.iter().filter(|w| !w.is_empty() && w.len() <= 12) {
            for fold in [false, true] {
                assert_eq!(
                    command_entry(w.as_bytes(), fold),
                    find(w, fold),
                    "{w} {fold}"
                );
            }
        }
    }

    /// Label names are kept while they can be appended (a block's lines in
    /// order, its names the last ones kept) and come back for their lines
    /// only; a line first seen otherwise is not kept (read again each time).
    #[test]
    fn label_names_are_kept_in_line_order() {
        let mut h = Heads::default();
        for (index, name) in [(0, 10), (5, 11), (63, 12), (64, 13), (130, 14)] {
            h.keep_label_name(0, index, 200, name);
        }
        // Out of order in its block, or in a block whose names are not
        // the last ones: not kept.
        h.keep_label_name(0, 129, 200, 20);
        h.keep_label_name(0, 7, 200, 21);
        // Another file, and a later line of the last block.
        h.keep_label_name(1, 3, 10, 30);
        h.keep_label_name(1, 9, 10, 31);
        let kept = |h: &Heads, file, index| h.label_name(file, index);
        for (index, name) in [(0, 10), (5, 11), (63, 12), (64, 13), (130, 14)] {
            assert_eq!(kept(&h, 0, index), Some(name), "line {index}");
        }
        for index in [1, 7, 62, 65, 129, 131, 500] {
            assert_eq!(kept(&h, 0, index), None, "line {index}");
        }
        assert_eq!(kept(&h, 1, 3), Some(30));
        assert_eq!(kept(&h, 1, 9), Some(31));
        assert_eq!(kept(&h, 2, 0), None);
    }

    #[test]
    fn blank_and_comment_lines_are_passed_over_in_later_passes() {
        // Four passes (`fin` unknown, then moved by the `nop`); blank lines
        // of blanks, tabs and comments, two in a union (each line of a
        // union starts at its start). 64tass: these bytes, the warning on
        // line 16 (the lines passed over are counted).
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n    \n; a comment\n \
                   lda #1\n\t\n .union\n .byte 1\n  ; inside\n\n .byte 2, 3\n .endu\n\t ;\n \
                   .warn \"here\"\nfin\n";
        let p =
            assemble_str("t.asm", src, &Options::default()).unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(p.prg_bytes(), [0x00, 0x10, 0xea, 0xa9, 0x01, 0x02, 0x03]);
        let lines: Vec<_> = p.warnings.warnings().map(|d| (d.line, d.column)).collect();
        assert_eq!(lines, [(16, 2)]);
    }

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
