//! Reading lines, and parsing each expression list of a line once: later
//! passes (and loop iterations) reuse the parsed trees.

use std::mem::ManuallyDrop;
use std::rc::Rc;

use super::Assembler;
use super::line_entry::*;
use super::line_ids::LineIds;
use super::seen_texts::SeenTexts;
use crate::source::{FileId, Span};
use crate::syntax::ast::{AddrOp, Pos};
use crate::syntax::compiled::{Arena, Expr, ExprList, drop_emptied, packed};
use crate::syntax::expr::Parser;
use crate::syntax::scan::{SyntaxError, goes_on_after};

/// One line being assembled. The text is borrowed from the file's (held by
/// the caller): no reference count changes per line.
#[derive(Clone)]
pub struct LineRef<'t> {
    pub file: FileId,
    pub index: u32,
    pub text: &'t str,
    pub start: usize,
    pub end: usize,
}

impl<'t> LineRef<'t> {
    /// Line `index` of `file`, whose text is `text`, at `span` in it.
    pub fn of(file: FileId, index: u32, text: &'t str, (start, end): (usize, usize)) -> Self {
        LineRef {
            file,
            index,
            text,
            start,
            end,
        }
    }

    pub fn at(&self, pos: usize) -> u8 {
        if pos < self.end {
            self.text.as_bytes()[pos]
        } else {
            0
        }
    }

    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end.max(start))
    }

    /// The directive whose arguments start at `args` (its `.` on): where
    /// 64tass places what it says about the number of arguments.
    pub fn directive_span(&self, args: usize) -> Span {
        let bytes = self.text.as_bytes();
        let mut at = args;
        while at > self.start && bytes[at - 1].is_ascii_whitespace() {
            at -= 1;
        }
        while at > self.start && bytes[at - 1].is_ascii_alphanumeric() {
            at -= 1;
        }
        if at > self.start && bytes[at - 1] == b'.' {
            at -= 1;
        }
        self.span(at, at + 1)
    }

    pub fn skip_ws(&self, pos: usize) -> usize {
        crate::syntax::scan::skip_blanks(self.text.as_bytes(), pos, self.end)
    }

    /// At the end of the line or a comment.
    pub fn at_end(&self, pos: usize) -> bool {
        matches!(self.at(pos), 0 | b';')
    }
}

/// What a line's text is parsed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseKind {
    /// Comma-separated values to the end of the line.
    List,
    /// Instruction operands.
    Operands,
    /// One value, stopping before a top-level comma.
    Single,
    /// The callee of `#expr args`, `.name args`: a list up to the first
    /// blank after an operand (see [`crate::syntax::scan::callee_end`]).
    Callee,
}

/// One parse, kept for every later pass. Cheap to clone: callers keep it
/// while they change the assembler.
#[derive(Clone)]
pub struct Parsed {
    pub result: Result<Exprs, Rc<SyntaxError>>,
    /// Where parsing stopped (for `Single`): from [`LineCaches::parsed`],
    /// how far from where it began; from [`Assembler::parse_exprs`], the
    /// offset in the text.
    pub end: u32,
}

/// A line's parsed expressions: a range of a shared chunk (many lines'
/// expressions in one allocation instead of one each, or a reused chunk
/// they were made again in from their entry or record, see [`ADDRESSED`],
/// [`INDIRECT`], [`NUMBER`], [`RECORD`]), or a name or number made again
/// from its entry (see [`NAMED`], [`NUMBER`]).
pub struct Exprs(Nodes);

enum Nodes {
    Chunk {
        chunk: Rc<Vec<Expr>>,
        start: u32,
        len: u32,
    },
    /// A name, anonymous reference or number alone, made from its entry.
    /// It owns nothing: nothing to drop.
    Leaf(ManuallyDrop<Expr>),
}

impl Clone for Exprs {
    fn clone(&self) -> Exprs {
        Exprs(match &self.0 {
            Nodes::Chunk { chunk, start, len } => Nodes::Chunk {
                chunk: chunk.clone(),
                start: *start,
                len: *len,
            },
            // Made from an entry: a plain leaf.
            Nodes::Leaf(e) => Nodes::Leaf(leaf(
                e.copy_plain_leaf().unwrap_or_else(|| Expr::int(e.pos, 0)),
            )),
        })
    }
}

impl std::ops::Deref for Exprs {
    type Target = [Expr];

    #[inline(always)]
    fn deref(&self) -> &[Expr] {
        match &self.0 {
            Nodes::Chunk { chunk, start, len } => &chunk[*start as usize..(start + len) as usize],
            Nodes::Leaf(e) => std::slice::from_ref(&**e),
        }
    }
}

/// A leaf made from an entry (see [`Nodes::Leaf`]): only a node that owns
/// nothing, so that not dropping it loses nothing and a copy is exact.
fn leaf(e: Expr) -> ManuallyDrop<Expr> {
    debug_assert!(
        e.copy_plain_leaf().is_some(),
        "an entry's leaf owns nothing"
    );
    ManuallyDrop::new(e)
}

/// Expressions a chunk holds before the next one is started.
const CHUNK: usize = 4096;

/// Node places the chunks have before parses are packed as records (1 MiB
/// of nodes, 16 chunks): each later read of a record makes its nodes again
/// (about a hundred instructions a node), which a source of the usual size
/// (a few chunks) would pay for memory it hardly uses; a large one's nodes
/// are the assembler's largest item.
const PACK_FROM: usize = 16 * CHUNK;

/// The first size tried for a parse made while a caller holds the current
/// chunk (it gets a chunk of its own).
const HELD_CHUNK: usize = 8;

/// A parse just made at the end of the current chunk, which its line may
/// give back (see [`LineCaches::release`]): its entry, and the chunk's
/// length before it (its operator nodes come first, then its expressions).
#[derive(Clone, Copy)]
struct Fresh {
    entry: u32,
    mark: u32,
    /// The file and line whose only entry it is (found by the line alone,
    /// not in [`LineCaches::more`]): given back, the entry goes too.
    only: Option<(FileId, u32)>,
    /// Where the parse began in its text (a record's positions are kept
    /// from there).
    pos: u32,
    /// A lone copy's entry not yet in the line table (see
    /// [`Assembler::keep_lone_copy`]): its text's line count and the
    /// parse's kind. Given back, it is only popped; else it is put in the
    /// table before the next parse.
    unindexed: Option<(u32, ParseKind)>,
}

/// An entry's place (see [`Entry::place`]) for a parse `near` bytes from its
/// line's start.
fn place(near: u32, kind: ParseKind) -> u32 {
    near.min(FAR) | (kind as u32) << (KIND_SHIFT - NEAR_SHIFT)
}

fn key(offset: u32, kind: ParseKind) -> u32 {
    offset.min(OFFSET_MASK) | (kind as u32) << KIND_SHIFT
}

/// Parsed expressions by file and line.
#[derive(Default)]
pub struct LineCaches {
    /// Per file: per line, the index of its first entry.
    first: LineIds,
    entries: Vec<Entry>,
    /// The entries of lines parsed at more than one place or as more than
    /// one kind, after the first (few lines are), and those [`FAR`] from
    /// their line's start, by file, line and key (the offset in the text).
    more: rustc_hash::FxHashMap<(FileId, u32, u32), u32>,
    extras: rustc_hash::FxHashMap<u32, Extra>,
    chunks: Vec<Rc<Vec<Expr>>>,
    /// Small chunks the parses of [`ADDRESSED`] and [`INDIRECT`] entries (a
    /// mode, a byte operator or a second mode, a name: three nodes at most)
    /// and of [`RECORD`] entries are made again in when read, each used
    /// again once no `Exprs` holds it.
    rebuilt: Vec<Rc<Vec<Expr>>>,
    /// The chunk new expressions are appended to.
    current: Option<u32>,
    /// The parses packed as records (see [`RECORD`]), one after another.
    records: Vec<u8>,
    /// Node places in the chunks made so far (see [`PACK_FROM`]).
    room: usize,
    /// The last record made again (its entry, where its parse began, its
    /// offset in [`LineCaches::records`], its expressions): a line reads
    /// its parse more than once (a data line for its values, then for its
    /// replay record). Records are only appended, so an entry read again
    /// with the same offset is the same record.
    last_record: Option<(u32, u32, u32, Exprs)>,
    /// A clean parse (no error, no deprecation, packed) of each text parsed
    /// more than once, by a hash of its kind and text (to the end of its
    /// line): the text met again is copied from it, its positions moved,
    /// instead of parsed (most lines of a source repeat one met before:
    /// `rts`, `sta $d020`, `bne _loop`).
    texts: rustc_hash::FxHashMap<u64, Origin>,
    /// The text hashes whose clean parse was made. A text goes to `texts`
    /// when it is parsed a second time, so the many that never repeat take
    /// no room there.
    seen: SeenTexts,
    /// Texts are no longer kept for copying (see [`LineCaches::forget_texts`]).
    no_copies: bool,
    /// The last parse made, while its line may still give it back.
    fresh: Option<Fresh>,
    /// A parse given back, its nodes dropped before the next parse.
    released: Option<Fresh>,
}

/// Where a text was parsed (see [`LineCaches::texts`]).
#[derive(Clone, Copy)]
struct Origin {
    file: FileId,
    start: u32,
    end: u32,
    kind: ParseKind,
    entry: u32,
}

/// Where a parse at `pos` begins on `line` (from its start; beyond an
/// entry's room: `FAR`, found by its offset).
#[inline(always)]
fn near_on_line(line: &LineRef, pos: usize) -> u32 {
    pos.checked_sub(line.start)
        .map_or(FAR, |n| n.min(FAR as usize) as u32)
}

/// The key of a text parsed as `kind` in [`LineCaches::texts`].
fn text_hash(kind: ParseKind, text: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write_u8(kind as u8);
    h.write(text);
    h.finish()
}

/// Where a parse's expressions were put: a chunk's start and length, or
/// the packed fields of a lone entry (see [`Entry::is_lone`]).
enum Placed {
    Nodes(u32, u32),
    Lone((u32, u32)),
}

/// A parse's result before it is kept: the expressions, where it stopped,
/// its notes (deprecated operators, errors it went on from), and whether
/// the chunk ran out of room.
type Made = (
    Result<ExprList, SyntaxError>,
    u32,
    Box<[(Pos, &'static str)]>,
    bool,
);

impl LineCaches {
    /// Keep no more texts for copying, and drop those kept: called after
    /// the first pass, which parses nearly every line a source has.
    pub fn forget_texts(&mut self) {
        self.no_copies = true;
        self.texts = Default::default();
        self.seen = SeenTexts::default();
    }

    /// The line whose expressions are `exprs` needs them no more (a replay
    /// record now makes its bytes): if they are the last parse's, its nodes
    /// go before the next parse, and a later pass that evaluates the line
    /// again (a label it reads moved) parses it again. Most lines of a large
    /// source are kept this way after their first pass, so their nodes
    /// would otherwise be kept for nothing.
    #[inline(always)]
    pub fn release(&mut self, exprs: &[Expr]) {
        debug_assert!(self.has_fresh());
        // Only the first pass's: a line evaluated again in a later pass (its
        // labels moved) may well be again in the next one.
        let Some(f) = self.fresh.filter(|_| !self.no_copies) else {
            return;
        };
        let e = &self.entries[f.entry as usize];
        if e.is_lone() {
            // Its node was made from the entry: the same name (and mode) is
            // the same parse.
            let same = matches!(exprs, [one] if e.holds(one));
            if same {
                self.released = self.fresh.take();
            }
            return;
        }
        let (chunk, start, _, _) = Self::packed(e);
        let nodes = self.chunks[chunk as usize]
            .as_ptr()
            .wrapping_add(start as usize);
        if !exprs.is_empty() && std::ptr::eq(exprs.as_ptr(), nodes) {
            self.released = self.fresh.take();
        }
    }

    /// A parse was just made that its line may give back.
    #[inline]
    pub fn has_fresh(&self) -> bool {
        self.fresh.is_some()
    }

    /// Drop the nodes of the parse given back, if they are still the last
    /// of the current chunk and nothing holds the chunk.
    fn drop_released(&mut self) {
        let Some(f) = self.released.take() else {
            return;
        };
        let e = &self.entries[f.entry as usize];
        // A lone entry has no nodes in a chunk: only the entry goes.
        if !e.is_lone() {
            let (c, start, len, _) = Self::packed(e);
            if self.current != Some(c) {
                return;
            }
            let Some(chunk) = Rc::get_mut(&mut self.chunks[c as usize]) else {
                return;
            };
            if chunk.len() != (start + len) as usize {
                return;
            }
            chunk.truncate(f.mark as usize);
        }
        if f.unindexed.is_some() {
            // Never put in the line table: only the entry goes.
            debug_assert!(f.entry as usize + 1 == self.entries.len());
            self.entries.pop();
            #[cfg(test)]
            if let Some(taken) = f.only {
                tests::TAKEN_OFF.with(|t| t.borrow_mut().insert(taken));
            }
            return;
        }
        // The last entry, its line's only one, is taken off the table (most
        // given back are: 8 bytes each); the line then has no parse, as
        // before its first. Others stay, marked.
        match f.only {
            Some((file, line))
                if f.entry as usize + 1 == self.entries.len() && self.first.clear(file, line) =>
            {
                self.entries.pop();
                #[cfg(test)]
                tests::TAKEN_OFF.with(|t| t.borrow_mut().insert((file, line)));
            }
            _ => self.entries[f.entry as usize].at = DROPPED,
        }
    }

    /// Put the last parse's entry, a lone copy its line did not give back,
    /// in the line table (see [`Fresh::unindexed`]).
    fn index_fresh(&mut self, f: Fresh) {
        let (Some((file, line)), Some((lines, kind))) = (f.only, f.unindexed) else {
            return;
        };
        if !self.first.set(file, lines as usize, line, f.entry) {
            self.more.insert((file, line, key(f.pos, kind)), f.entry);
        }
    }

    /// Pack the last parse, which its line did not give back, as a record
    /// (see [`RECORD`]) once the chunks are large ([`PACK_FROM`]), if its
    /// nodes are still the last of the current chunk, nothing holds the
    /// chunk and they are all a record holds: the nodes go, and the entry
    /// reads the record.
    #[inline(never)]
    fn pack_fresh(&mut self, f: Fresh) {
        let e = &self.entries[f.entry as usize];
        if e.is_lone() {
            return;
        }
        let (c, start, len, _) = Self::packed(e);
        if self.current != Some(c) || self.records.len() >= DROPPED as usize {
            return;
        }
        let Some(chunk) = Rc::get_mut(&mut self.chunks[c as usize]) else {
            return;
        };
        let end = (start + len) as usize;
        let offset = self.records.len() as u32;
        if chunk.len() != end
            || !packed::pack(&chunk[start as usize..end], f.pos, &mut self.records)
        {
            return;
        }
        chunk.truncate(f.mark as usize);
        #[cfg(test)]
        tests::RECORDS_MADE.with(|n| n.set(n.get() + 1));
        let e = &mut self.entries[f.entry as usize];
        e.at = offset;
        e.info = e.info & !(LEN_MASK << LEN_SHIFT) | RECORD << LEN_SHIFT;
    }

    /// Whether parses are packed as records: once the chunks are large
    /// ([`PACK_FROM`]).
    #[inline(always)]
    fn packing(&self) -> bool {
        #[cfg(test)]
        if tests::PACK_ALL.with(|p| p.get()) {
            return true;
        }
        self.room >= PACK_FROM
    }

    /// Whether a text of hash `h` was parsed before (maybe another text of
    /// the same bucket); it is marked as parsed now.
    fn seen_before(&mut self, h: u64) -> bool {
        self.seen.mark(h)
    }

    /// Whether a text of hash `h` may have been parsed before (its bucket is
    /// marked): only then can [`LineCaches::texts`] hold it.
    #[inline]
    fn marked(&self, h: u64) -> bool {
        self.seen.may_hold(h)
    }

    /// The entry of the parse of `line` at `offset` (`near` bytes from the
    /// line's start) as `kind`, if any.
    #[inline(always)]
    fn find(
        &self,
        file: FileId,
        line: u32,
        offset: u32,
        near: u32,
        kind: ParseKind,
    ) -> Option<u32> {
        if offset >= OFFSET_MASK {
            return None;
        }
        let i = self.first.get(file, line)?;
        if near < FAR && self.entries[i as usize].place() == place(near, kind) {
            return Some(i);
        }
        if self.more.is_empty() {
            return None;
        }
        self.more.get(&(file, line, key(offset, kind))).copied()
    }

    /// Keep `entry`, the parse of `line` (of a text of `lines` lines) at the
    /// text's `offset` as `kind`: its id, and whether it is the line's only
    /// entry, found by the line alone.
    #[inline(always)]
    fn insert(
        &mut self,
        file: FileId,
        lines: usize,
        line: u32,
        entry: Entry,
        offset: u32,
        kind: ParseKind,
    ) -> (u32, bool) {
        self.reserve_entries(file, lines);
        let id = self.entries.len() as u32;
        if offset >= OFFSET_MASK {
            // Beyond what a key holds (a huge expansion text): parsed each
            // time, never found.
            self.entries.push(entry);
            return (id, false);
        }
        let far = entry.place() & FAR == FAR;
        self.entries.push(entry);
        let first = self.first.set(file, lines, line, id);
        if far || !first {
            self.more.insert((file, line, key(offset, kind)), id);
        }
        (id, first && !far)
    }

    /// Room for the entries of `file`, a text of `lines` lines: about one
    /// parse a line, so a large file's table grows once, to its size (not
    /// by doubling, with a copy next to it at the peak); small texts (macro
    /// expansions) grow it as usual.
    #[inline(always)]
    fn reserve_entries(&mut self, file: FileId, lines: usize) {
        if self.first.lines(file) < lines {
            let more = lines.saturating_sub(self.entries.capacity() - self.entries.len());
            self.entries.reserve(more);
        }
    }

    /// A new chunk of `capacity` expressions (the current one unless a
    /// caller holds the current one: then it is a parse's own).
    fn new_chunk(&mut self, capacity: usize, current: bool) -> u32 {
        self.room += capacity;
        self.chunks.push(Rc::new(Vec::with_capacity(capacity)));
        let c = self.chunks.len() as u32 - 1;
        if current {
            self.current = Some(c);
        }
        c
    }

    /// The expression of lone entry `id` whose parse began at `pos`: a name
    /// or a number alone, or an addressing mode over one (or over a byte
    /// operator over a name), or an indexed indirection over a name, made
    /// again in one of [`LineCaches::rebuilt`] (each node's run is the node
    /// before it). `which` is what the entry's top bits say: the byte
    /// operator, the indirection, or a number's mode.
    #[inline]
    fn lone_exprs(&mut self, id: u32, pos: u32) -> Exprs {
        let e = &self.entries[id as usize];
        let mode = (e.info >> LEN_SHIFT & LEN_MASK) - ADDRESSED;
        let at = pos.wrapping_add(e.info >> ADDRESSED_REL_BITS & DIST_MASK);
        let (node, which) = if mode == NUMBER_INDEX {
            let (number, mode) = e.number(pos);
            if mode == NO_MODE {
                return Exprs(Nodes::Leaf(leaf(number)));
            }
            (number, mode)
        } else {
            let (word, anon, name_dist) = e.lone_name();
            let node = Expr::named(pos.wrapping_add(name_dist), anon, word);
            if mode == NAMED_INDEX {
                return Exprs(Nodes::Leaf(leaf(node)));
            }
            (node, e.at >> BYTE_SHIFT)
        };
        let i = match self.rebuilt.iter().position(|p| Rc::strong_count(p) == 1) {
            Some(i) => i,
            None => {
                self.rebuilt.push(Rc::new(Vec::with_capacity(3)));
                self.rebuilt.len() - 1
            }
        };
        let nodes = Rc::get_mut(&mut self.rebuilt[i]).expect("no Exprs holds it");
        // SAFETY: nothing to drop: the nodes own nothing (a name or a
        // number, and runs in this chunk itself).
        unsafe { nodes.set_len(0) };
        // SAFETY: the name or number goes into `nodes` (room for three: it
        // is never grown), the byte operator and the mode that point to it
        // right after; nothing is moved out, and they are cleared only once
        // no `Exprs` holds them.
        let mut arena = Some(unsafe { Arena::new(nodes) });
        let top = if mode == NUMBER_INDEX {
            // `which` is the number's mode.
            Expr::addr(&mut arena, at, mode_op(which), node)
        } else if mode == INDIRECT_INDEX {
            // `which` is the indirection; the bracket is right before the name.
            let (bracket, reg, outside) = INDIRECTIONS[which as usize];
            let bracket_at = node.pos.wrapping_sub(1);
            if outside {
                let inner = Expr::addr(&mut arena, bracket_at, bracket, node);
                Expr::addr(&mut arena, at, AddrOp::Index(reg), inner)
            } else {
                let inner = Expr::addr(&mut arena, at, AddrOp::Index(reg), node);
                Expr::addr(&mut arena, bracket_at, bracket, inner)
            }
        } else {
            let operand = if which == 0 {
                node
            } else {
                Expr::unary(&mut arena, node.pos.wrapping_sub(1), byte_op(which), node)
            };
            Expr::addr(&mut arena, at, mode_op(mode), operand)
        };
        nodes.push(top);
        let start = nodes.len() as u32 - 1;
        Exprs(Nodes::Chunk {
            chunk: self.rebuilt[i].clone(),
            start,
            len: 1,
        })
    }

    /// The expressions of record entry `id` whose parse began at `pos`,
    /// made again in one of [`LineCaches::rebuilt`] (grown to the record's
    /// nodes when it is smaller).
    fn record_exprs(&mut self, id: u32, pos: u32) -> Exprs {
        let offset = self.entries[id as usize].at;
        if let Some((last, at, from, exprs)) = &self.last_record
            && (*last, *at, *from) == (id, pos, offset)
        {
            return exprs.clone();
        }
        let bytes = &self.records[offset as usize..];
        let need = packed::nodes(bytes);
        let i = match self.rebuilt.iter().position(|p| Rc::strong_count(p) == 1) {
            Some(i) if self.rebuilt[i].capacity() >= need => i,
            free => {
                let nodes = Rc::new(Vec::with_capacity(need.max(3)));
                match free {
                    Some(i) => {
                        self.rebuilt[i] = nodes;
                        i
                    }
                    None => {
                        self.rebuilt.push(nodes);
                        self.rebuilt.len() - 1
                    }
                }
            }
        };
        let nodes = Rc::get_mut(&mut self.rebuilt[i]).expect("no Exprs holds it");
        // SAFETY: nothing to drop: the nodes own nothing (names, integers,
        // and runs in this chunk itself).
        unsafe { nodes.set_len(0) };
        // SAFETY: room for the record's nodes (it is never grown); nothing
        // is moved out, and they are cleared only once no `Exprs` holds
        // them.
        let (start, len) = unsafe { packed::unpack(bytes, pos, nodes) };
        let exprs = Exprs(Nodes::Chunk {
            chunk: self.rebuilt[i].clone(),
            start,
            len,
        });
        self.last_record = Some((id, pos, offset, exprs.clone()));
        exprs
    }

    /// Chunk, start, length and end (from where the parse began) of a
    /// packed entry (one with no [`Extra`]).
    fn packed(e: &Entry) -> (u32, u32, u32, u32) {
        (
            e.at >> START_BITS,
            e.at & ((1 << START_BITS) - 1),
            e.info >> LEN_SHIFT & LEN_MASK,
            e.info & REL_MASK,
        )
    }

    /// The parse kept as entry `id`, which began at `pos` (its end from
    /// where it began). Inline: most reads are a chunk's range, which
    /// the caller's `Parsed` is made in place from.
    #[inline(always)]
    fn parsed(&mut self, id: u32, pos: usize) -> Parsed {
        let e = &self.entries[id as usize];
        // One test for both kinds an entry holds itself (the others' length
        // is below [`RECORD`]).
        if e.is_lone_or_record() {
            if e.is_record() {
                return Parsed {
                    end: e.info & REL_MASK,
                    result: Ok(self.record_exprs(id, pos as u32)),
                };
            }
            return Parsed {
                end: e.lone_rel(),
                result: Ok(self.lone_exprs(id, pos as u32)),
            };
        }
        let extra = if e.info & EXTRA != 0 {
            self.extras.get(&id)
        } else {
            None
        };
        let (chunk, start, len, end) = match extra.and_then(|x| x.wide) {
            Some(wide) => wide,
            None => Self::packed(e),
        };
        Parsed {
            result: match extra.and_then(|x| x.error.clone()) {
                Some(err) => Err(err),
                None => Ok(Exprs(Nodes::Chunk {
                    chunk: self.chunks[chunk as usize].clone(),
                    start,
                    len,
                })),
            },
            end,
        }
    }
}

impl Assembler<'_> {
    /// The next line of the current text, advancing the cursor: its file
    /// and span (its text is the file's, see [`LineRef`]).
    pub fn next_line(&mut self) -> Option<(FileId, u32, usize, usize)> {
        let c = self.st.cursor;
        let f = self.src.get(c.file);
        if c.line as usize >= f.line_count() || c.line == c.stop {
            return None;
        }
        let (start, end) = f.line_span(c.line as usize);
        self.st.cursor.line += 1;
        Some((c.file, c.line, start, end))
    }

    /// Parse the text of `line` from `pos` as `kind`, once per place. The
    /// later passes find nearly every parse kept: that answer is inline,
    /// before the parse's own bookkeeping (see [`Self::parse_anew`]).
    #[inline(always)]
    fn parse(&mut self, line: &LineRef, pos: usize, kind: ParseKind) -> u32 {
        let lines = &self.lines;
        if lines.released.is_none() && lines.fresh.is_none() {
            let offset = pos.min(OFFSET_MASK as usize) as u32;
            let near = near_on_line(line, pos);
            if let Some(id) = lines.find(line.file, line.index, offset, near, kind)
                && !lines.entries[id as usize].dropped()
            {
                return id;
            }
        }
        self.parse_anew(line, pos, kind)
    }

    /// [`Self::parse`] past its quick answer: the last parse given back or
    /// kept, then the entry found, copied or made.
    #[inline(never)]
    fn parse_anew(&mut self, line: &LineRef, pos: usize, kind: ParseKind) -> u32 {
        if self.lines.released.is_some() {
            self.lines.drop_released();
        } else if let Some(f) = self.lines.fresh {
            if f.unindexed.is_some() {
                self.lines.index_fresh(f);
            } else if self.lines.packing() {
                self.lines.pack_fresh(f);
            }
        }
        self.lines.fresh = None;
        let offset = pos.min(OFFSET_MASK as usize) as u32;
        // Where it begins on its line (beyond: `FAR`, found by its offset).
        let near = near_on_line(line, pos);
        // An entry whose nodes were given back is parsed again in its place.
        let found = self.lines.find(line.file, line.index, offset, near, kind);
        if let Some(id) = found
            && !self.lines.entries[id as usize].dropped()
        {
            return id;
        }
        // The same text parsed before (the parse depends on nothing else):
        // its trees copied with their positions moved.
        let text = line.text.as_bytes().get(pos..line.end.max(pos));
        let hash = text
            .filter(|_| !self.lines.no_copies)
            .map(|t| text_hash(kind, t));
        // A text whose bucket was never marked was never kept: no probe.
        let copy = hash
            .filter(|&h| self.lines.marked(h))
            .and_then(|h| self.same_text(h, kind, text?));
        let copy = copy.map(|o| (o.entry, (pos as u32).wrapping_sub(o.start)));
        if let Some((from, _)) = copy
            && self.lines.entries[from as usize].is_lone()
        {
            return self.keep_lone_copy(line, pos, kind, found, from, near);
        }
        // One value its entry holds by itself: read straight to the entry.
        if copy.is_none()
            && matches!(kind, ParseKind::List | ParseKind::Operands)
            && self.lines.current.is_some()
            && let Some(id) = self.keep_lone_parse(line, (pos, near), kind, found, hash)
        {
            return id;
        }
        // Into the current chunk when no caller holds it (a parse during a
        // macro call's arguments) and it has room, else into a new one
        // (doubled while the parse does not fit a new one either).
        let lines = &mut self.lines;
        let unheld = lines
            .current
            .filter(|&c| Rc::get_mut(&mut lines.chunks[c as usize]).is_some());
        let held = lines.current.is_some() && unheld.is_none();
        let mut capacity = if held { HELD_CHUNK } else { CHUNK };
        let mut chunk = match unheld {
            Some(c) => c,
            None => self.lines.new_chunk(capacity, !held),
        };
        let mut fresh = unheld.is_none();
        let mut mark;
        let (result, end, notes) = loop {
            mark = self.lines.chunks[chunk as usize].len() as u32;
            if let Some(done) = self.parse_in(line, pos, kind, chunk, copy) {
                break done;
            }
            if fresh {
                // Nothing else is in it: replaced by a larger one.
                capacity *= 2;
                self.lines.chunks[chunk as usize] = Rc::new(Vec::with_capacity(capacity));
            } else {
                chunk = self.lines.new_chunk(capacity, true);
                fresh = true;
            }
        };
        let (placed, error) = match result {
            Ok(placed) => (placed, None),
            Err(e) => (Placed::Nodes(0, 0), Some(Rc::new(e))),
        };
        let (packed, wide) = match placed {
            Placed::Lone(fields) => (Some(fields), None),
            Placed::Nodes(start, len) => {
                // A parse never stops before it begins; if it did, it is
                // kept aside.
                let rel = end.checked_sub(pos as u32);
                let packed = rel.and_then(|rel| Entry::pack(chunk, start, len, rel));
                let wide = packed
                    .is_none()
                    .then(|| (chunk, start, len, end.wrapping_sub(pos as u32)));
                (packed, wide)
            }
        };
        let extra = error.is_some() || !notes.is_empty() || wide.is_some();
        let (at, size) = packed.unwrap_or((0, 0));
        let entry = Entry {
            at,
            info: place(near, kind) << NEAR_SHIFT | size | if extra { EXTRA } else { 0 },
        };
        let (id, only) = self.keep_entry(line, found, entry, offset, kind);
        let mut origin = false;
        if extra {
            self.lines.extras.insert(id, Extra { error, notes, wide });
        } else if let Some(h) = hash
            && copy.is_none()
            && offset < OFFSET_MASK
            && self.is_file_text(line)
            && self.lines.seen_before(h)
        {
            // A text parsed again: the one later ones copy.
            self.lines.texts.entry(h).or_insert_with(|| {
                origin = true;
                Origin {
                    file: line.file,
                    start: pos as u32,
                    end: line.end as u32,
                    kind,
                    entry: id,
                }
            });
        }
        // Copies are made from an origin's nodes: it is never given back.
        if !extra && !origin && self.lines.current == Some(chunk) {
            self.lines.fresh = Some(Fresh {
                entry: id,
                mark,
                only: only.then_some((line.file, line.index)),
                pos: pos as u32,
                unindexed: None,
            });
        }
        id
    }

    /// Keep `entry`, the parse of `line` at `offset` as `kind`, in the place
    /// `found` (one given back) or as a new one: its id, and whether it is the
    /// line's only entry.
    #[inline(always)]
    fn keep_entry(
        &mut self,
        line: &LineRef,
        found: Option<u32>,
        entry: Entry,
        offset: u32,
        kind: ParseKind,
    ) -> (u32, bool) {
        match found {
            Some(id) => {
                #[cfg(test)]
                tests::PARSED_AGAIN.with(|n| n.set(n.get() + 1));
                self.lines.entries[id as usize] = entry;
                (id, false)
            }
            None => {
                #[cfg(test)]
                if tests::TAKEN_OFF.with(|t| t.borrow().contains(&(line.file, line.index))) {
                    tests::PARSED_AGAIN.with(|n| n.set(n.get() + 1));
                }
                let lines = self.src.get(line.file).line_count();
                self.lines
                    .insert(line.file, lines, line.index, entry, offset, kind)
            }
        }
    }

    /// The parse of `line` at `pos` as `kind` when it is one value its entry
    /// holds by itself (see [`Parser::lone_parse`], [`Entry::pack_lone`]):
    /// the entry made from the value's parts, without the general parse's
    /// list, nodes and moves, and kept as [`Self::parse_anew`] keeps a
    /// lone parse (as the text's origin when it is parsed again, else given
    /// back like a lone copy, see [`Self::keep_lone_entry`]). `None`
    /// (nothing kept) for any other parse.
    #[inline(always)]
    fn keep_lone_parse(
        &mut self,
        line: &LineRef,
        (pos, near): (usize, u32),
        kind: ParseKind,
        found: Option<u32>,
        hash: Option<u64>,
    ) -> Option<u32> {
        let mut p = Parser::new(line.text, pos, line.end, &mut self.names, self.dialect);
        let lone = p.lone_parse()?;
        let rel = (lone.end as u32).checked_sub(pos as u32)?;
        let fields = Entry::pack_lone(&lone.value, lone.byte_op, lone.mode, pos as u32, rel)?;
        #[cfg(debug_assertions)]
        self.check_lone_parse(line, pos, kind, fields, lone.end);
        #[cfg(test)]
        if fields.1 >> LEN_SHIFT & LEN_MASK == NUMBER {
            tests::NUMBERS_MADE.with(|n| n.set(n.get() + 1));
        } else {
            tests::LONE_MADE.with(|n| n.set(n.get() + 1));
        }
        let entry = Entry {
            at: fields.0,
            info: place(near, kind) << NEAR_SHIFT | fields.1,
        };
        let offset = pos.min(OFFSET_MASK as usize) as u32;
        // A text parsed again: the one later ones copy (never given back).
        if let Some(h) = hash
            && offset < OFFSET_MASK
            && self.is_file_text(line)
            && self.lines.seen_before(h)
            && !self.lines.texts.contains_key(&h)
        {
            let (id, _) = self.keep_entry(line, found, entry, offset, kind);
            let origin = Origin {
                file: line.file,
                start: pos as u32,
                end: line.end as u32,
                kind,
                entry: id,
            };
            self.lines.texts.insert(h, origin);
            return Some(id);
        }
        Some(self.keep_lone_entry(line, pos, kind, found, (entry, near)))
    }

    /// In debug builds: the general parse of `line` at `pos` as `kind` is
    /// the lone entry `fields` that [`Self::keep_lone_parse`] made, and stops
    /// at `end`.
    #[cfg(debug_assertions)]
    fn check_lone_parse(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
        fields: (u32, u32),
        end: usize,
    ) {
        let mut chunk = Vec::with_capacity(8);
        // SAFETY: the parsed list is dropped before the chunk.
        let mut arena = unsafe { Arena::new(&mut chunk) };
        arena.fold = true;
        let (result, general_end, notes, full) =
            parse_text(line, pos, kind, arena, &mut self.names, self.dialect);
        let rel = general_end.wrapping_sub(pos as u32);
        let general = match &result {
            Ok(v) if !full && notes.is_empty() => lone_fields(v, chunk.len(), pos as u32, rel),
            _ => None,
        };
        drop(result);
        debug_assert_eq!(general, Some(fields), "{:?}", &line.text[pos..line.end]);
        debug_assert_eq!(general_end as usize, end);
    }

    /// In debug builds: `f` given the general parse of `line` at `pos` as
    /// `kind`, made aside (nothing kept), when it is clean (no error, no
    /// note, within a small chunk), else `None`: what a fast path that
    /// skips the parse checks itself against.
    #[cfg(debug_assertions)]
    pub fn with_general_parse<R>(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
        f: impl FnOnce(&mut Self, Option<&[Expr]>) -> R,
    ) -> R {
        let mut chunk = Vec::with_capacity(8);
        // SAFETY: the parsed list is dropped before the chunk.
        let mut arena = unsafe { Arena::new(&mut chunk) };
        arena.fold = true;
        let (result, _, notes, full) =
            parse_text(line, pos, kind, arena, &mut self.names, self.dialect);
        let clean = match &result {
            Ok(v) if !full && notes.is_empty() => Some(&v[..]),
            _ => None,
        };
        let answer = f(self, clean);
        drop(result);
        answer
    }

    /// The parse of `line` at `pos` as `kind` when its text's kept parse is
    /// lone entry `from`: the same entry (it is kept relative to where its
    /// parse began), with no chunk and no nodes, kept by
    /// [`Self::keep_lone_entry`].
    #[inline(never)]
    fn keep_lone_copy(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
        found: Option<u32>,
        from: u32,
        near: u32,
    ) -> u32 {
        let e = &self.lines.entries[from as usize];
        let entry = Entry {
            at: e.at,
            info: place(near, kind) << NEAR_SHIFT | e.info & (LEN_MASK << LEN_SHIFT | REL_MASK),
        };
        self.keep_lone_entry(line, pos, kind, found, (entry, near))
    }

    /// Keep `entry`, a lone parse of `line` at `pos` (`near` its line's
    /// start) as `kind`, in the place `found` (one given back) or as a new one, given back like a parse
    /// made (see [`LineCaches::release`]) while no caller holds the chunk.
    /// A line's first parse there is put in the line table only if it is
    /// not given back (see [`Fresh::unindexed`]): most are, and their place
    /// in the table was set and cleared for nothing.
    #[inline(always)]
    fn keep_lone_entry(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
        found: Option<u32>,
        (entry, near): (Entry, u32),
    ) -> u32 {
        let offset = pos.min(OFFSET_MASK as usize) as u32;
        let lines = &mut self.lines;
        let mark = lines
            .current
            .and_then(|c| Rc::get_mut(&mut lines.chunks[c as usize]))
            .map(|chunk| chunk.len() as u32);
        if let Some(mark) = mark
            && found.is_none()
            && near < FAR
            && offset < OFFSET_MASK
        {
            #[cfg(test)]
            if tests::TAKEN_OFF.with(|t| t.borrow().contains(&(line.file, line.index))) {
                tests::PARSED_AGAIN.with(|n| n.set(n.get() + 1));
            }
            let text_lines = self.src.get(line.file).line_count();
            let lines = &mut self.lines;
            lines.reserve_entries(line.file, text_lines);
            let id = lines.entries.len() as u32;
            lines.entries.push(entry);
            lines.fresh = Some(Fresh {
                entry: id,
                mark,
                only: Some((line.file, line.index)),
                pos: offset,
                unindexed: Some((text_lines as u32, kind)),
            });
            return id;
        }
        let (id, only) = self.keep_entry(line, found, entry, offset, kind);
        if let Some(mark) = mark {
            self.lines.fresh = Some(Fresh {
                entry: id,
                mark,
                only: only.then_some((line.file, line.index)),
                pos: pos as u32,
                unindexed: None,
            });
        }
        id
    }

    /// Whether `line` reads its file's own text (not a text of its own, as a
    /// parameter's default is): only then do its positions find its text again
    /// in [`Self::same_text`].
    fn is_file_text(&self, line: &LineRef) -> bool {
        std::ptr::eq(line.text.as_ptr(), self.src.get(line.file).text().as_ptr())
    }

    /// The kept clean parse of `text` as `kind`, if there is one (the texts
    /// compared, not only their hashes).
    fn same_text(&self, hash: u64, kind: ParseKind, text: &[u8]) -> Option<Origin> {
        let o = *self.lines.texts.get(&hash)?;
        let before = self.src.get(o.file).text().as_bytes();
        (o.kind == kind && before.get(o.start as usize..o.end as usize) == Some(text)).then_some(o)
    }

    /// Parse into chunk `c` (which no one else holds), or with `copy` (an
    /// entry and how far to move it) copy that parse of the same text: the
    /// operator nodes and then the line's expressions go to its end. `None`
    /// when it is too full (it is left as it was).
    #[allow(clippy::type_complexity)]
    fn parse_in(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
        c: u32,
        copy: Option<(u32, Pos)>,
    ) -> Option<(Result<Placed, SyntaxError>, u32, Box<[(Pos, &'static str)]>)> {
        // A copy of a lone entry is the same entry (it is kept relative to
        // where its parse began).
        if let Some((id, _)) = copy
            && let e = &self.lines.entries[id as usize]
            && e.is_lone()
        {
            let fields = (e.at, e.info & (LEN_MASK << LEN_SHIFT | REL_MASK));
            return Some((
                Ok(Placed::Lone(fields)),
                pos as u32 + e.lone_rel(),
                Box::default(),
            ));
        }
        // The copied parse's nodes, read while the chunk grows: it never
        // reallocates (see `Arena`) and they sit below its end.
        let from = copy.map(|(id, delta)| {
            let (sc, start, len, rel) = LineCaches::packed(&self.lines.entries[id as usize]);
            let nodes = self.lines.chunks[sc as usize]
                .as_ptr()
                .wrapping_add(start as usize);
            (nodes, len as usize, rel, delta)
        });
        let chunk = Rc::get_mut(&mut self.lines.chunks[c as usize])?;
        let mark = chunk.len();
        // SAFETY: the parsed trees are appended to this same chunk below, or
        // dropped before it is truncated back to `mark`; the chunk is never
        // grown (its capacity is fixed) and its elements are never moved out
        // (`Exprs` hands out shared references only).
        let mut arena = unsafe { Arena::new(chunk) };
        // Kept for every pass: literal arithmetic is done once, here.
        arena.fold = true;
        let (result, end, notes, full): Made = match from {
            Some((nodes, len, rel, delta)) => {
                let mut arena = Some(arena);
                // SAFETY: an entry's nodes are initialized and stay in place
                // while their chunk lives (it is kept in `chunks`).
                let v: ExprList = (0..len)
                    .map(|i| unsafe { &*nodes.add(i) }.relocated(&mut arena, delta))
                    .collect();
                let full = arena.as_ref().is_some_and(|a| a.full);
                (Ok(v), pos as u32 + rel, Box::default(), full)
            }
            None => parse_text(line, pos, kind, arena, &mut self.names, self.dialect),
        };
        let chunk = Rc::get_mut(&mut self.lines.chunks[c as usize])?;
        // A lone name or anonymous reference, an addressing mode over a
        // name, an indexed indirection over one, or a number alone or under
        // an addressing mode, goes in its entry.
        let lone = match &result {
            Ok(v) if v.len() == 1 && !full && notes.is_empty() => {
                let rel = end.checked_sub(pos as u32);
                // An addressing mode's operand (and a byte operator's) are
                // the nodes it added.
                rel.and_then(|rel| lone_fields(v, chunk.len() - mark, pos as u32, rel))
            }
            _ => None,
        };
        if let Some(fields) = lone {
            #[cfg(test)]
            if fields.1 >> LEN_SHIFT & LEN_MASK == NUMBER {
                tests::NUMBERS_MADE.with(|n| n.set(n.get() + 1));
            } else {
                tests::LONE_MADE.with(|n| n.set(n.get() + 1));
            }
            // The lone node (its drop tests its tag inline), then the list.
            if let Ok(mut v) = result {
                drop(v.pop());
                drop_emptied(v);
            }
            chunk.truncate(mark);
            return Some((Ok(Placed::Lone(fields)), end, notes));
        }
        let result = match result {
            Ok(mut v) if !full && chunk.capacity() - chunk.len() >= v.len() => {
                let start = chunk.len();
                let len = v.len();
                // SAFETY: the room was checked (the chunk does not grow);
                // the nodes are moved (copied, then forgotten by `v`).
                unsafe {
                    std::ptr::copy_nonoverlapping(v.as_ptr(), chunk.as_mut_ptr().add(start), len);
                    v.set_len(0);
                    chunk.set_len(start + len);
                }
                drop_emptied(v);
                Ok(Placed::Nodes(start as u32, len as u32))
            }
            Ok(v) => {
                drop(v);
                chunk.truncate(mark);
                return None;
            }
            Err(e) => {
                // Nothing refers to what the parse left in the chunk.
                chunk.truncate(mark);
                Err(e)
            }
        };
        Some((result, end, notes))
    }

    /// Parse and report a syntax error; `None` on error.
    pub fn parse_exprs(&mut self, line: &LineRef, pos: usize, kind: ParseKind) -> Option<Parsed> {
        let id = self.parse(line, pos, kind);
        let mut parsed = self.lines.parsed(id, pos);
        parsed.end = parsed.end.wrapping_add(pos as u32);
        let notes = match self.lines.extras.get(&id) {
            Some(x) if !x.notes.is_empty() => x.notes.clone(),
            _ => Box::default(),
        };
        for &(at, what) in notes.iter() {
            // An error the parse went on from is reported even where the
            // parse fails after it (`('a`: then "')' expected" too, as 64tass).
            if goes_on_after(what) {
                let span = line.span(at as usize, at as usize + 1);
                self.error(span, crate::diag::Kind::Syntax, what.into());
            } else if parsed.result.is_ok() {
                self.deprecation(line, at as usize, what);
            }
        }
        match &parsed.result {
            Ok(_) => Some(parsed),
            Err(e) => {
                let span = line.span(e.pos as usize, e.pos as usize + 1);
                self.error(span, crate::diag::Kind::Syntax, e.msg.clone());
                None
            }
        }
    }

    /// Where the values at `pos` stop at a syntax error, if they do.
    pub fn syntax_error_at(&mut self, line: &LineRef, pos: usize) -> Option<usize> {
        let id = self.parse(line, pos, ParseKind::List);
        self.lines
            .parsed(id, pos)
            .result
            .err()
            .map(|e| e.pos as usize)
    }

    /// The callee of a call statement at `pos` (see [`ParseKind::Callee`]),
    /// parsed once per place like the other parses. Its error is the
    /// caller's to report; deprecated operators in it are not reported (as
    /// 64tass, which reads the callee apart from the line's values).
    pub fn parse_callee(&mut self, line: &LineRef, pos: usize) -> Result<Exprs, Rc<SyntaxError>> {
        let id = self.parse(line, pos, ParseKind::Callee);
        self.lines.parsed(id, pos).result
    }

    fn deprecation(&mut self, line: &LineRef, at: usize, what: &str) {
        let span = line.span(at, at + 1);
        let w = &self.opts.warnings;
        match what {
            "equal" if w.old_equal => self.warn(
                "old-equal",
                span,
                "deprecated equal operator, use '==' instead".into(),
            ),
            "not equal" if w.deprecated => self.warn(
                "deprecated",
                span,
                "deprecated not equal operator, use '!=' instead".into(),
            ),
            "modulo" if w.deprecated => self.warn(
                "deprecated",
                span,
                "deprecated modulo operator, use '%' instead".into(),
            ),
            "string" if w.deprecated => self.warn(
                "deprecated",
                span,
                "please use format(\"%d\", ...) as '^' will change it's meaning".into(),
            ),
            "leading zeros" if w.leading_zeros => {
                self.warn("leading-zeros", span, "leading zeros ignored".into())
            }
            _ => {}
        }
    }
}

/// The fields of the lone entry (see [`Entry::is_lone`]) that holds `v`, a
/// parse begun at `pos` and stopped `rel` bytes on, which added `added`
/// nodes to its chunk (an addressing mode's operand, a byte operator), if
/// it is one such entry holds.
fn lone_fields(v: &[Expr], added: usize, pos: u32, rel: u32) -> Option<(u32, u32)> {
    let [one] = v else {
        return None;
    };
    match added {
        0 => Entry::pack_named(one, one.pos.wrapping_sub(pos), rel)
            .or_else(|| Entry::pack_number(one, pos, rel)),
        1 => Entry::pack_addressed(one, pos, rel).or_else(|| Entry::pack_number(one, pos, rel)),
        2 => Entry::pack_addressed(one, pos, rel).or_else(|| Entry::pack_indirect(one, pos, rel)),
        _ => None,
    }
}

/// The parser run over the text of `line` from `pos` as `kind`.
fn parse_text(
    line: &LineRef,
    pos: usize,
    kind: ParseKind,
    arena: Arena,
    names: &mut crate::intern::Interner,
    dialect: crate::syntax::expr::Dialect,
) -> Made {
    let end = match kind {
        ParseKind::Callee => crate::syntax::scan::callee_end(line.text.as_bytes(), pos, line.end),
        _ => line.end,
    };
    let mut p = Parser::new(line.text, pos, end, names, dialect);
    p.set_arena(arena);
    let result = match kind {
        ParseKind::List | ParseKind::Callee => p.list(),
        ParseKind::Operands => p.operands(),
        ParseKind::Single => p.single().map(|e| smallvec::smallvec![e]),
    };
    let end = p.pos as u32;
    let full = p.arena_full();
    // Most parses note nothing: no boxing of an empty list.
    let notes = if p.notes.is_empty() {
        Box::default()
    } else {
        std::mem::take(&mut p.notes).into_boxed_slice()
    };
    (result, end, notes, full)
}

#[cfg(test)]
mod tests {
    use crate::{Options, assemble_str};

    thread_local! {
        /// Parses given back and made again on this thread.
        pub static PARSED_AGAIN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Lines whose entries were taken off with their nodes.
        pub static TAKEN_OFF: std::cell::RefCell<std::collections::HashSet<(crate::source::FileId, u32)>> =
            std::cell::RefCell::default();
        /// Parses kept in their entries (a lone name) on this thread.
        pub static LONE_MADE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Parses kept in their entries as a number on this thread.
        pub static NUMBERS_MADE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Parses packed as records on this thread.
        pub static RECORDS_MADE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Parses are packed however small the chunks are (see `PACK_FROM`).
        pub static PACK_ALL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// The fields and end [`Parser::lone_parse`] and [`Entry::pack_lone`]
    /// give `src` (as a list, or as operands), and the general parse's: its
    /// lone entry's fields (see `lone_fields`), end and names interned.
    #[allow(clippy::type_complexity)]
    fn lone_and_general(
        src: &str,
        operand: bool,
        d: crate::syntax::expr::Dialect,
    ) -> (
        Option<((u32, u32), usize, String)>,
        (Option<(u32, u32)>, usize, String),
    ) {
        use crate::intern::Interner;
        use crate::syntax::compiled::Arena;
        use crate::syntax::expr::Parser;
        let names_of = |names: &Interner| {
            (0..names.len())
                .map(|i| names.name(i as crate::intern::Name).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut names = Interner::default();
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        let fast = p.lone_parse().and_then(|lone| {
            let fields =
                super::Entry::pack_lone(&lone.value, lone.byte_op, lone.mode, 0, lone.end as u32)?;
            Some((fields, lone.end))
        });
        drop(p);
        let fast = fast.map(|(fields, end)| (fields, end, names_of(&names)));
        let mut names = Interner::default();
        let mut chunk = Vec::with_capacity(16);
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        // SAFETY: the parsed list is dropped before the chunk.
        let mut arena = unsafe { Arena::new(&mut chunk) };
        arena.fold = true;
        p.set_arena(arena);
        let list = if operand { p.operands() } else { p.list() };
        let (end, clean) = (p.pos, p.notes.is_empty() && !p.arena_full());
        drop(p);
        let general = match &list {
            Ok(v) if clean => super::lone_fields(v, chunk.len(), 0, end as u32),
            _ => None,
        };
        drop(list);
        (fast, (general, end, names_of(&names)))
    }

    /// Every text [`Parser::lone_parse`] reads straight to an entry gets
    /// the entry, end and names the general parse packs: the shapes and
    /// their near misses (other heads, values, indexes and what follows),
    /// as lists and as operands, case-sensitive or not.
    #[test]
    fn lone_parses_pack_as_the_general_parse() {
        let heads = ["", " ", "#", "<", ">", "#<", "#>", "# ", "#(", "<<", "-"];
        let values = [
            "a",
            "zp",
            "x",
            "Tab_1",
            "a1",
            "0",
            "1",
            "$ff",
            "$FF",
            "$1234",
            "$12345",
            "65535",
            "65536",
            "007",
            "00",
            "$0",
            "$00000000",
            "%101",
            "%10101010",
            "%1_0",
            "%1.1",
            "%2",
            "%",
            "1.5",
            "1e3",
            "$1_0",
            "__a",
            "_a",
            "b\"c\"",
            "b",
            "\u{e9}t\u{e9}",
            "a\u{e9}",
            "a.b",
            "f(1)",
            "a[1]",
            "99999999999999999999",
            "",
            "*",
            "+",
            "in",
        ];
        let tails = [
            "",
            " ",
            "\t",
            ",x",
            ",X",
            ",y",
            ",z",
            ",s",
            ",q",
            ", x",
            " ,x",
            ",x ",
            ",\tx",
            ",x ; c",
            " ; c",
            ";c",
            ";",
            ",1",
            ", 1",
            ",$2",
            "+1",
            "-1",
            ",x,1",
            ",x, 1",
            ",x+1",
            ",xy",
            ",x\"",
            ",",
            ",x,",
            " ? 1 : 2",
            ":",
            ":2",
            "\0",
            "\0x",
            " x",
            "=1",
            " = 2",
            ")",
            "),y",
            ",x)",
            // Literal operations: folded, kept, read on, noted.
            "+$0400",
            " ^ $55",
            " | 1",
            ">>2",
            "<<70",
            "<<0",
            "*2+1",
            "+01",
            "+ 1x",
            " - 5",
            "-$ffff",
            "&7,x",
            " & 7 ,y",
            "*$100,x",
            "/2",
            "+1(",
            "+1.5",
            "+%1",
            "+ a",
            "<<=1",
            "**2",
            "&&1",
            "|| 1",
            "^^1",
            "//2",
            "- -1",
            "*99999999999999",
            "+1 ; c",
        ];
        let mut taken = 0;
        for case_sensitive in [false, true] {
            let d = crate::syntax::expr::Dialect {
                case_sensitive,
                unicode: true,
                tasm: false,
            };
            for head in heads {
                for value in values {
                    for tail in tails {
                        let src = format!("{head}{value}{tail}");
                        for operand in [false, true] {
                            let (fast, (general, end, names)) = lone_and_general(&src, operand, d);
                            if let Some(fast) = fast {
                                taken += 1;
                                assert_eq!(
                                    fast,
                                    (general.unwrap_or((0, 0)), end, names),
                                    "{src:?}"
                                );
                                assert!(general.is_some(), "{src:?}");
                            }
                        }
                    }
                }
            }
        }
        // The usual shapes are among them.
        for usual in [
            "a",
            "#0",
            "$d020",
            "a,x",
            "#<a",
            "<a,y",
            "$0400,x",
            "#a ; c",
            "$0400+1,x",
            "#0 ^ $55",
            "#%10101010 | 1",
            "#37 >> 2",
            "#%1010",
        ] {
            let d = crate::syntax::expr::Dialect {
                case_sensitive: false,
                unicode: true,
                tasm: false,
            };
            assert!(lone_and_general(usual, true, d).0.is_some(), "{usual}");
        }
        assert!(taken > 1000, "{taken}");
    }

    /// Literal operations with bit strings (`$ff`, `%1010`: bit strings in
    /// 64tass) folded as they are parsed, and the lone operands of one
    /// such operation read straight to their entries, make 64tass 1.58's
    /// bytes; so does a bitwise operation of negative integers, which
    /// 64tass computes in 32-bit digits (left to the evaluator).
    #[test]
    fn literal_operations_make_64tass_bytes() {
        let src = "* = $1000\n sta $0400+1,x\n cmp #3 ^ $55\n and #%10101010 | 5\n\
                   ora #37 >> 2\n ldy #((2 * 3) + 1) & $ff\n lda ($10)+1,y\n lda #$ff & 1\n\
                   .byte (4 + 1) & $ff, $ff - $f0, %1010 * 2, 1 << $3, $ff / $10, $ff % $10, \
                   $f0 ^ $ff, ((0 - 3912054866) & (0 - 2147483648)) + 1\n\
                   .word $0400 + 0, $d000 | 1, 37 * 256 + 1, $ffff + $0\n";
        let p = crate::assemble_str("t.asm", src, &Options::default())
            .unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(
            p.prg_bytes(),
            [
                0x00, 0x10, 0x9d, 0x01, 0x04, 0xc9, 0x56, 0x29, 0xaf, 0x09, 0x09, 0xa0, 0x07, 0xb9,
                0x11, 0x00, 0xa9, 0x01, 0x05, 0x0f, 0x14, 0x08, 0x0f, 0x0f, 0x0f, 0x01, 0x00, 0x04,
                0x01, 0xd0, 0x01, 0x25, 0xff, 0xff
            ]
        );
    }

    /// The program `src` assembles to in two passes or more, assembled on
    /// this thread (`assemble_str` runs a thread of its own), where the
    /// counters above are read.
    fn bytes_in_passes(src: &str) -> Vec<u8> {
        let p = crate::asm::Assembler::new(&Options::default())
            .run_text("t.asm", src)
            .unwrap_or_else(|_| panic!("assembles"));
        assert!(p.passes() >= 2);
        p.prg_bytes()
    }

    /// Lines whose operand is a lone name or anonymous reference, or an
    /// addressing mode over a name or over a byte operator right before one,
    /// keep it in their cache entry: read back in the later passes (a
    /// forward name, a branch, `#fwd`, `#>far`), copied for a text met again
    /// (`lda fwd`, `lda fwd,x` three times), given back in the
    /// first pass (`lda zp`, `lda zp,x`), they make 64tass's bytes; operands
    /// with more than that (`#-fwd`, and `fwd , y` and `#< far`, whose parts
    /// are apart) keep their nodes (`(fwd),y`: see the next test).
    #[test]
    fn lone_names_are_kept_in_their_entries() {
        let src = "* = $1000\nzp = $12\n- lda zp\n lda fwd\n lda fwd\n lda fwd\n jsr sub\n\
                   bne -\n beq +\n+ rts\n lda (fwd),y\n ldx fwd , y\n lda zp,x\n lda #<fwd\n ldy #fwd\n\
                   ldx #>far\n ldy #< far\n lda #`far\n lda #-fwd\n ldx #>far\n\
                   lda fwd,x\n lda fwd,x\n lda fwd,x\nsub rts\nfwd = $34\nfar = $12345\n";
        LONE_MADE.with(|n| n.set(0));
        assert_eq!(
            bytes_in_passes(src),
            [
                0x00, 0x10, 0xa5, 0x12, 0xa5, 0x34, 0xa5, 0x34, 0xa5, 0x34, 0x20, 0x2a, 0x10, 0xd0,
                0xf3, 0xf0, 0x00, 0x60, 0xb1, 0x34, 0xb6, 0x34, 0xb5, 0x12, 0xa9, 0x34, 0xa0, 0x34,
                0xa2, 0x23, 0xa0, 0x45, 0xa9, 0x01, 0xa9, 0xcc, 0xa2, 0x23, 0xb5, 0x34, 0xb5, 0x34,
                0xb5, 0x34, 0x60
            ]
        );
        // `zp`, `fwd` twice (the third is copied), `sub`, `-`, `+`, `(fwd),y`,
        // `zp,x`, `#<fwd`, `#fwd`, `#>far` twice (a text is copied from its
        // third time on), `` #`far ``, `fwd,x` twice.
        assert_eq!(LONE_MADE.with(|n| n.get()), 15);
    }

    /// Operands that are a number alone or under an addressing mode
    /// (`#0`, `$d020`, `$0400,x`, `$0012` and `#$00ff`, bit strings of
    /// four digits, folded arithmetic `#(1 * 3) + 1`, `#%10101010`)
    /// keep it in their cache entry: made, copied for a text met again
    /// (`sta $d020` from its third time on), read again in a loop's second
    /// iteration, they make 64tass's bytes. Operands with more than that
    /// (`#%101`, a bit string whose length is no count of digits the entry
    /// keeps; `($12),y`) keep their nodes.
    #[test]
    fn numbers_are_kept_in_their_entries() {
        let src = "* = $1000\n lda fwd\n ldx #0\n sta $d020\n sta $d020\n sta $d020\n\
                   sta $0400,x\n lda $0012\n lda $12\n ldy #(1 * 3) + 1\n and #%10101010\n\
                   and #%101\n lda ($12),y\n ora #7 >> 1\n lda #$00ff\n\
                   .for i = 0, i < 2, i += 1\n sta $d021\n .next\nfwd rts\n";
        NUMBERS_MADE.with(|n| n.set(0));
        assert_eq!(
            bytes_in_passes(src),
            [
                0x00, 0x10, 0xad, 0x27, 0x10, 0xa2, 0x00, 0x8d, 0x20, 0xd0, 0x8d, 0x20, 0xd0, 0x8d,
                0x20, 0xd0, 0x9d, 0x00, 0x04, 0xa5, 0x12, 0xa5, 0x12, 0xa0, 0x04, 0x29, 0xaa, 0x29,
                0x05, 0xb1, 0x12, 0x09, 0x03, 0xa9, 0xff, 0x8d, 0x21, 0xd0, 0x8d, 0x21, 0xd0, 0x60
            ]
        );
        // At least each of the operands above that fits, once, but for a
        // plain number alone or after `#` (`ldx #0`, `sta $d020`, `lda
        // $0012`, `lda $12`, `lda #$00ff`, `sta $d021`): its bytes are made
        // from its text, with no parse (see `plain_number_line`).
        let made_all = NUMBERS_MADE.with(|n| n.get());
        assert!(made_all >= 5, "{made_all}");
        // Each alone: in its entry or not (beside the program's start).
        let made = |line: &str| {
            NUMBERS_MADE.with(|n| n.set(0));
            bytes_in_passes(&format!("* = $1000\n lda fwd\n{line}\nfwd rts\n"));
            NUMBERS_MADE.with(|n| n.get())
        };
        let start = made(" lda fwd");
        for (line, number) in [
            (" lda #0", 0),
            (" sta $d020", 0),
            (" sta $0400,x", 1),
            (" ldy #(1 * 3) + 1", 1),
            (" and #%10101010", 1),
            (" ldx #$ff", 0),
            (" and #%101", 0),
            (" lda ($12),y", 0),
            (" lda #<$1234", 0),
        ] {
            assert_eq!(made(line) - start, number, "{line}");
        }
    }

    /// Indexed indirections over a name defined further on (`(fwd),y`,
    /// `(fwd,x)`, `(fwd , x)`) keep their parse in their cache entry, read
    /// back in the later passes and copied for a text met again (the operand
    /// `(fwd),y` from its third time on); with a blank between the bracket
    /// and the name (`( fwd),y`), or the bracket and the index (`(fwd) , y`),
    /// they keep their nodes. The bytes are 64tass's.
    #[test]
    fn indirections_are_kept_in_their_entries() {
        let src = "* = $1000\n lda (fwd),y\n lda (fwd,x)\n lda ( fwd),y\n sta (fwd),y\n\
                   sta (fwd),y\n sta (fwd),y\n lda (fwd , x)\n lda (fwd) , y\nfwd = $34\n";
        LONE_MADE.with(|n| n.set(0));
        assert_eq!(
            bytes_in_passes(src),
            [
                0x00, 0x10, 0xb1, 0x34, 0xa1, 0x34, 0xb1, 0x34, 0x91, 0x34, 0x91, 0x34, 0x91, 0x34,
                0xa1, 0x34, 0xb1, 0x34
            ]
        );
        // `(fwd),y` twice (`lda`, then `sta`: the operand's text is the
        // same), `(fwd,x)`, `(fwd , x)`.
        assert_eq!(LONE_MADE.with(|n| n.get()), 4);
        // Each alone: in its entry or not.
        for (operand, lone) in [
            ("(fwd),y", 1),
            ("(fwd,x)", 1),
            ("( fwd),y", 0),
            ("(fwd , x)", 1),
            ("(fwd) , y", 0),
        ] {
            LONE_MADE.with(|n| n.set(0));
            bytes_in_passes(&format!("* = $1000\n lda {operand}\nfwd = $34\n"));
            assert_eq!(LONE_MADE.with(|n| n.get()), lone, "{operand}");
        }
    }

    /// Parses of names, integers and operators over them that stay past
    /// their line (data lines that read a code address, which moves in the
    /// second pass; operands and assignments that read a label further on)
    /// are packed as records (here however small the source, see
    /// `PACK_FROM`), and read back in the later passes they make 64tass's
    /// bytes; a parse with a string, or a loop's line (its chunk held while
    /// the body runs), keeps its nodes.
    #[test]
    fn parses_are_packed_as_records() {
        let src = "* = $1000\nstart lda zp\n .byte <later, >later, <(later + 1), >(later - 1)\n\
                   .word later, start, later + 0, 1 * 256 + 2, -1 & $ffff\n .byte <ptr, >ptr\n\
                   ptr = later + 2\n ldy #<(later + 0 * 2)\n lda (zp + 1),y\n .text \"a\", <later\n\
                   .for i = 0, i < 2, i += 1\n .byte i + later - later\n .next\n\
                   later rts\n .byte <start, >start\nzp = $12\n";
        RECORDS_MADE.with(|n| n.set(0));
        PACK_ALL.with(|p| p.set(true));
        let bytes = bytes_in_passes(src);
        PACK_ALL.with(|p| p.set(false));
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x1a, 0x10, 0x1b, 0x10, 0x1a, 0x10, 0x00, 0x10, 0x1a, 0x10,
                0x02, 0x01, 0xff, 0xff, 0x1c, 0x10, 0xa0, 0x1a, 0xb1, 0x13, 0x61, 0x1a, 0x00, 0x01,
                0x60, 0x00, 0x10
            ]
        );
        assert!(RECORDS_MADE.with(|n| n.get()) >= 6);
    }

    /// Lines kept for replay in the first pass give their parses back; when a
    /// number they read changes in the next pass (`n`: the first
    /// instruction shrinks once `fwd` is known to be on the zero page), they
    /// are parsed again (two lines) and make 64tass's bytes. A loop's line
    /// keeps its parse (each iteration reads another `i`).
    #[test]
    fn parses_given_back_are_made_again() {
        let src = "* = $1000\nstart lda fwd\nhere nop\nn = here - start\n lda #n\n lda #n+1\n\
                   .for i = 0, i < 3, i += 1\n .byte i + n\n .next\nfwd = $12\n";
        PARSED_AGAIN.with(|n| n.set(0));
        TAKEN_OFF.with(|t| t.borrow_mut().clear());
        assert_eq!(
            bytes_in_passes(src),
            [
                0x00, 0x10, 0xa5, 0x12, 0xea, 0xa9, 0x02, 0xa9, 0x03, 0x02, 0x03, 0x04
            ]
        );
        assert_eq!(PARSED_AGAIN.with(|n| n.get()), 2);
        // Their entries were taken off the table, not kept marked.
        assert!(TAKEN_OFF.with(|t| t.borrow().len()) >= 2);
    }

    /// Copies of a lone entry (`lda #n` from its third time on) are given
    /// back in the first pass like the parses made (their lines make replay
    /// records), and made again in the next when the label they read moved
    /// (`n` is 3, then 2): 64tass's bytes, every `lda #n` parsed again but
    /// the second (the one copies are made from is never given back).
    #[test]
    fn lone_copies_given_back_are_made_again() {
        let src = "* = $1000\nstart lda fwd\nhere nop\nn = here - start\n lda #n\n lda #n\n\
                   lda #n\n lda #n\nfwd = $12\n";
        PARSED_AGAIN.with(|n| n.set(0));
        TAKEN_OFF.with(|t| t.borrow_mut().clear());
        LONE_MADE.with(|n| n.set(0));
        assert_eq!(
            bytes_in_passes(src),
            [
                0x00, 0x10, 0xa5, 0x12, 0xea, 0xa9, 0x02, 0xa9, 0x02, 0xa9, 0x02, 0xa9, 0x02
            ]
        );
        assert_eq!(PARSED_AGAIN.with(|n| n.get()), 3);
        assert!(TAKEN_OFF.with(|t| t.borrow().len()) >= 3);
        // `fwd` and two `#n` made in the first pass (the others copied),
        // three `#n` again in the second (texts are copied in the first
        // pass only).
        assert_eq!(LONE_MADE.with(|n| n.get()), 6);
    }

    /// A parse too wide for the packed cache entry (300 expressions) is kept
    /// aside and read back the same in every pass (a forward reference makes
    /// a second pass).
    #[test]
    fn wide_parses_survive_the_passes() {
        let values: Vec<String> = (0..300).map(|i| format!("{}", i % 256)).collect();
        let src = format!(
            "* = $1000\n lda later\n .byte {}\nlater .byte 1\n",
            values.join(",")
        );
        let p = assemble_str("t.asm", &src, &Options::default())
            .unwrap_or_else(|_| panic!("assembles"));
        assert!(p.passes() >= 2);
        let bytes = p.prg_bytes();
        let mut want = vec![0x00, 0x10, 0xad, 0x2f, 0x11];
        want.extend((0..300).map(|i| (i % 256) as u8));
        want.push(1);
        assert_eq!(bytes, want);
    }

    /// Parses that begin 511 bytes or more into their line (an instruction's
    /// operands, a data line's values, a loop's head read as single values
    /// up to each comma) are found by their offset instead of their place on
    /// the line, in every pass; the bytes are 64tass's.
    #[test]
    fn parses_far_into_a_line_are_found_again() {
        let blanks = " ".repeat(600);
        let src = format!(
            "* = $1000\n lda zp\nfar{blanks}lda later,x\n{blanks}.word later, zp\n{blanks}.for i = 0, i < 2, i += 1\n .byte i, <later\n .next\nlater rts\nzp = $12\n"
        );
        let p = assemble_str("t.asm", &src, &Options::default())
            .unwrap_or_else(|_| panic!("assembles"));
        assert!(p.passes() >= 2);
        assert_eq!(
            p.prg_bytes(),
            [
                0x00, 0x10, 0xa5, 0x12, 0xbd, 0x0d, 0x10, 0x0d, 0x10, 0x12, 0x00, 0x00, 0x0d, 0x01,
                0x0d, 0x60
            ]
        );
    }

    /// Parses whose operator nodes don't fit the room left in a chunk, nor a
    /// new chunk, nor (in a loop, whose line holds the current chunk) the
    /// first sizes tried for a chunk of their own: each is redone in a larger
    /// chunk and reads back the same in every pass.
    #[test]
    fn parses_larger_than_a_chunk_are_redone_in_a_larger_one() {
        // 3,000 operators: 6,000 nodes, more than a chunk's 4,096.
        let long = vec!["1"; 3001].join("+");
        let mut src = String::from(
            "m .macro v\n .word \\v\n .byte (\\v) & 255\n .endm\n* = $1000\n lda later\n",
        );
        for i in 0..400 {
            // Fill the chunks so that the long lines start near an end.
            src += &format!(" .byte {i} & 255, <({i}+1), >({i}*3)\n");
        }
        src += &format!(" .word {long}\n");
        src += &format!(" #m {long}\n");
        src += &format!(" lda <({long}),x\n");
        // A loop's line holds the current chunk while its body is parsed.
        src += &format!(" .for i = 0, i < 2, i += 1\n .word {long}\n .next\n");
        src += "later .byte 1\n";
        let p = assemble_str("t.asm", &src, &Options::default())
            .unwrap_or_else(|e| panic!("assembles: {e}"));
        assert!(p.passes() >= 2);
        let bytes = p.prg_bytes();
        let mut want = vec![0x00, 0x10, 0xad];
        let later = 0x1000 + 3 + 400 * 3 + 2 + 3 + 2 + 4;
        want.extend([later as u8, (later >> 8) as u8]);
        for i in 0..400u32 {
            want.extend([(i & 255) as u8, (i + 1) as u8, ((i * 3) >> 8) as u8]);
        }
        let (lo, hi) = ((3001 & 255) as u8, (3001 >> 8) as u8);
        want.extend([lo, hi, lo, hi, lo]);
        want.extend([0xb5, lo, lo, hi, lo, hi]);
        want.push(1);
        assert_eq!(bytes, want);
    }
}
