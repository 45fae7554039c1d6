//! The one place bytes are emitted: at the current position, with `.eor`
//! applied, recorded for the listing when the pass records, and what the
//! output reports about the place (out of section, wraps) said where the
//! line wrote them.

use super::Assembler;
use super::lines::LineRef;
use crate::diag::Kind;
use crate::output::PlaceIssue;
use crate::syntax::ast::Pos;

/// Bytes and gaps produced by one directive, in order.
/// (Inline up to a line's worth: one is made per data line and pass.)
#[derive(Default)]
pub struct Chunk {
    pub items: smallvec::SmallVec<[Piece; 32]>,
    /// Bytes and gaps held so far (what `len` counts).
    held: u64,
}

#[derive(Clone, Copy)]
pub enum Piece {
    Byte(u8),
    Gap(u32),
}

impl Chunk {
    pub fn byte(&mut self, b: u8) {
        self.items.push(Piece::Byte(b));
        self.held += 1;
    }

    pub fn gap(&mut self, n: u32) {
        self.held += u64::from(n);
        if let Some(Piece::Gap(g)) = self.items.last_mut() {
            *g += n;
        } else {
            self.items.push(Piece::Gap(n));
        }
    }

    pub fn len(&self) -> u64 {
        self.held
    }
}

/// The budget units writing `len` bytes in one run spends: one for every 8
/// (see [`Assembler::emit`]).
#[inline]
pub fn budget_units(len: usize) -> u64 {
    len as u64 / 8
}

impl Assembler<'_> {
    /// Write bytes at the current position (`.eor` applied).
    pub fn emit(&mut self, line: &LineRef, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if !self.spend(budget_units(bytes.len()), line.span(line.start, line.start)) {
            return;
        }
        if self.st.eor == 0 && self.poke_recorded(line, bytes) {
            return;
        }
        self.emit_reported(line, bytes);
    }

    /// An instruction's bytes (at most 4) written with no call when nothing
    /// is recorded, `.eor` is off, the budget is not spent and they extend
    /// the block being written (see [`crate::output::Output::poke_word`]):
    /// what [`emit`](Self::emit) does then. False: nothing done.
    #[inline(always)]
    pub fn emit_small(&mut self, bytes: &[u8]) -> bool {
        let n = bytes.len();
        if n == 0 || n > 4 {
            return false;
        }
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
        self.emit_word([bytes[0], at(1), at(2), at(3)], n as u32)
    }

    /// [`Self::emit_small`] of `n` bytes (1 to 4) already in a word,
    /// little-endian (a replayed instruction's record holds them so).
    #[inline(always)]
    pub fn emit_word(&mut self, word: [u8; 4], n: u32) -> bool {
        // `spend` of no units (fewer than 8 bytes) only checks the budget.
        self.st.eor == 0
            && self.affordable(0)
            && !self.recording()
            && self.out.poke_word(self.st.addr, word, n)
    }

    /// Bytes written when nothing is to be reported ([`crate::output::Output::poke_quick`]),
    /// and recorded when the pass records; false: nothing done.
    #[inline]
    pub fn poke_recorded(&mut self, line: &LineRef, bytes: &[u8]) -> bool {
        if !self.recording() {
            return self.out.poke_quick(self.st.addr, bytes);
        }
        let a = self.out.addr(self.st.addr);
        let (at, pc) = (a.address, a.l_address);
        if !self.out.poke_quick(self.st.addr, bytes) {
            return false;
        }
        self.record_bytes(line, at, pc, bytes);
        true
    }

    /// [`emit`](Self::emit) with `.eor`, listing and what the output reports.
    #[cold]
    fn emit_reported(&mut self, line: &LineRef, bytes: &[u8]) {
        let mut issues = Vec::new();
        let at = self.out.addr(self.st.addr).address;
        let pc = self.out.addr(self.st.addr).l_address;
        if self.st.eor != 0 {
            let x: Vec<u8> = bytes.iter().map(|b| b ^ self.st.eor).collect();
            self.out.poke(self.st.addr, &x, &mut issues);
            self.place_issues(line, &issues);
            self.record_bytes(line, at, pc, &x);
        } else {
            self.out.poke(self.st.addr, bytes, &mut issues);
            self.place_issues(line, &issues);
            self.record_bytes(line, at, pc, bytes);
        }
    }

    /// Leave `n` bytes uninitialized.
    pub fn emit_gap(&mut self, line: &LineRef, n: u32) {
        let mut issues = Vec::new();
        self.out.skip(self.st.addr, n, &mut issues);
        self.place_issues(line, &issues);
    }

    pub fn emit_chunk(&mut self, line: &LineRef, chunk: &Chunk) {
        self.emit_chunk_marked(line, chunk, &[]);
    }

    /// A chunk several values made: `marks` says where each value's pieces
    /// start and where the value is, the place of a wrap in its bytes (64tass
    /// reports it at the value that crossed, `.text "a", "bc"`).
    pub fn emit_chunk_marked(&mut self, line: &LineRef, chunk: &Chunk, marks: &[(usize, Pos)]) {
        if chunk.items.is_empty() {
            // Nothing to write (`.text ""`): still listed.
            self.record_gap(line);
        }
        let mut run: smallvec::SmallVec<[u8; 64]> = smallvec::SmallVec::new();
        let mut marks = marks.iter().peekable();
        for (i, p) in chunk.items.iter().enumerate() {
            while let Some(&(_, at)) = marks.next_if(|m| m.0 <= i) {
                self.emit(line, &run);
                run.clear();
                self.st.emit_at = Some(at);
            }
            match *p {
                Piece::Byte(b) => run.push(b),
                Piece::Gap(n) => {
                    self.emit(line, &run);
                    run.clear();
                    self.record_gap(line);
                    self.emit_gap(line, n);
                }
            }
        }
        self.emit(line, &run);
    }

    fn place_issues(&mut self, line: &LineRef, issues: &[PlaceIssue]) {
        if issues.is_empty() {
            return;
        }
        let span = match self.st.emit_at {
            Some(at) => self.span_at(line, at),
            // At the directive, after a label (`l .fill $ffff`, `.binary`), as in 64tass.
            None => {
                let at = self.recorded_statement(line).0;
                line.span(at, line.end.max(at + 1))
            }
        };
        let mut issues = issues.to_vec();
        if self.st.pc_first {
            // `.fill` finds the program counter's wrap first, as in 64tass.
            issues.sort_by_key(|i| !matches!(i, PlaceIssue::PcWrap));
        }
        for i in &issues {
            match i {
                PlaceIssue::OutOfSection => {
                    self.error(span, Kind::AddressOverflow, "address out of section".into())
                }
                PlaceIssue::MemWrap if self.opts.warnings.wrap_mem => {
                    self.warn("wrap-mem", span, "compile offset overflow".into())
                }
                PlaceIssue::PcWrap if self.opts.warnings.wrap_pc => self.warn(
                    "wrap-pc",
                    span,
                    "processor program counter crossed bank".into(),
                ),
                _ => {}
            }
        }
    }
}
