//! A cached parse's 8-byte entry (see `LineCaches` in `lines.rs`): where
//! its nodes are in a chunk or its record in the records' bytes, or, for
//! the commonest kept lines, the parse itself (a name, an addressing mode
//! over a name, an indexed indirection over a name, a number alone or under
//! an addressing mode), and what few parses have kept aside. Only packing
//! and unpacking: the cache owns the entries.

use std::rc::Rc;

use crate::syntax::ast::{AddrOp, Pos, Reg, UnOp};
use crate::syntax::compiled::{Expr, addr_code, addr_op};
use crate::syntax::scan::SyntaxError;

/// A cached parse, sized for a large source (one per line: its size is the
/// assembler's memory): 8 bytes. Errors, deprecation warnings and what
/// doesn't fit the packed fields are rare and kept aside.
pub(super) struct Entry {
    /// The parsed expressions' chunk (high 20 bits) and start in it (low
    /// 12 bits: a shared chunk holds `CHUNK` expressions, a chunk of its
    /// own starts at 0).
    pub(super) at: u32,
    /// From the top: whether [`Extra`] has something for this entry, the
    /// `ParseKind`, where the parse began from the line's start
    /// ([`NEAR_BITS`]; [`FAR`]: farther, then the entry is found by its
    /// offset in `LineCaches::more`), how many expressions
    /// ([`LEN_BITS`]) and where parsing stopped from where it began
    /// ([`REL_BITS`]).
    pub(super) info: u32,
}

pub(super) const START_BITS: u32 = 12;
pub(super) const REL_BITS: u32 = 14;
pub(super) const LEN_BITS: u32 = 6;
pub(super) const NEAR_BITS: u32 = 9;
pub(super) const LEN_SHIFT: u32 = REL_BITS;
pub(super) const NEAR_SHIFT: u32 = LEN_SHIFT + LEN_BITS;
/// In an entry's near field: not near the line's start.
pub(super) const FAR: u32 = (1 << NEAR_BITS) - 1;
/// In an entry's length field: the parse is one name or anonymous
/// reference (`jsr blk1`, `lda zp0`, `bne _loop`, `bpl -`: most lines kept
/// with their parse past the first pass, as they read a label defined
/// further on, and branches), held in the entry itself instead of a node
/// in a chunk. Its `at` is then the node's word (low [`WORD_BITS`];
/// an anonymous count biased by [`ANON_BIAS`]), its distance from where the
/// parse began (the next [`DIST_BITS`]) and [`ANON_BIT`].
pub(super) const NAMED: u32 = (1 << LEN_BITS) - 1;
pub(super) const WORD_BITS: u32 = 24;
pub(super) const DIST_BITS: u32 = 6;
pub(super) const ANON_BIT: u32 = 1 << (WORD_BITS + DIST_BITS);
pub(super) const ANON_BIAS: u32 = 1 << (WORD_BITS - 1);
/// In an entry's length field, from here on (below [`NAMED`]): the parse is
/// an addressing mode over a name (`lda tab0,x`, `sta zp1,x`, `lda #fwd`),
/// the mode's code ([`addr_code`]: 0–3, and 8–15 as 4–11) added. Its `at`
/// is the name's word and distance as for [`NAMED`], and in its top two
/// bits ([`BYTE_SHIFT`]) a byte operator right before the name
/// (`lda #>tab1`, see [`byte_index`]); its rel field holds the mode's
/// distance ([`DIST_BITS`]) above the end's ([`ADDRESSED_REL_BITS`]).
pub(super) const ADDRESSED: u32 = 48;
/// In an entry's length field, right below [`ADDRESSED`]: the parse is a
/// record in `LineCaches::records` (see `syntax::compiled::packed`), `at`
/// its offset there; the rel field is the end's as for nodes in a chunk. A
/// parse whose nodes are all names, integers and operators over them
/// (`.byte <tab, >tab`, `.word a, b + 1`, `lda #<(tab + 2)`) is packed so
/// once its line is done with its nodes.
pub(super) const RECORD: u32 = ADDRESSED - 1;
/// In an [`ADDRESSED`] entry's `at`: where the byte operator's index is.
pub(super) const BYTE_SHIFT: u32 = WORD_BITS + DIST_BITS;
/// [`NAMED`] from [`ADDRESSED`].
pub(super) const NAMED_INDEX: u32 = NAMED - ADDRESSED;
/// In an entry's length field, after the [`ADDRESSED`] modes: the parse is
/// an indexed indirection over a name (`lda (zp0),y`, `lda (zp0,x)`: a
/// pointer on the zero page defined further on), one of [`INDIRECTIONS`],
/// its index in the top two bits of `at` (where an [`ADDRESSED`] entry has
/// its byte operator). Its `at` is the name's word and distance as for
/// [`NAMED`]; the bracket is right before the name; the rel field holds the
/// index's distance above the end's, as an [`ADDRESSED`] entry's mode.
pub(super) const INDIRECT: u32 = ADDRESSED + 12;
/// [`INDIRECT`] from [`ADDRESSED`].
pub(super) const INDIRECT_INDEX: u32 = INDIRECT - ADDRESSED;
/// In an entry's length field, after [`INDIRECT`]: the parse is a number
/// alone or an addressing mode over one (`sta $d020`, `ldx #0`,
/// `sta $0400,x`, folded literal arithmetic too: `#(1 * 3) & $ff`), the
/// commonest short operands. Its `at` holds the number's value (low
/// [`NUMBER_BITS`]), its distance from where the parse began
/// ([`DIST_BITS`]), the mode's index ([`mode_index`]; [`NO_MODE`]: the
/// number alone) and from [`NUMBER_FORM_SHIFT`] the node's form: whether
/// it is a bit string (1 bit), its operator field (2 bits) and its aux
/// field (3 bits; a bit string's length in fours), see
/// `Expr::as_number_parts`. The rel field is as an [`ADDRESSED`] entry's.
/// A text met again copies the entry itself: no nodes are written.
pub(super) const NUMBER: u32 = INDIRECT + 1;
/// [`NUMBER`] from [`ADDRESSED`].
pub(super) const NUMBER_INDEX: u32 = NUMBER - ADDRESSED;
pub(super) const NUMBER_BITS: u32 = 16;
const NUMBER_MODE_SHIFT: u32 = NUMBER_BITS + DIST_BITS;
pub(super) const NUMBER_FORM_SHIFT: u32 = NUMBER_MODE_SHIFT + 4;
/// A [`NUMBER`] entry's mode index when the number is alone.
pub(super) const NO_MODE: u32 = 15;
const _: () = assert!(NUMBER < NAMED && NUMBER_FORM_SHIFT + 6 == 32);

/// The indirections an [`INDIRECT`] entry holds: the bracket's mode, the
/// index register, and whether the index is outside the bracket (`(zp),y`,
/// `(zp,x)`, `[zp],y`, `(zp),z`).
pub(super) const INDIRECTIONS: [(AddrOp, Reg, bool); 4] = [
    (AddrOp::Ind, Reg::Y, true),
    (AddrOp::Ind, Reg::X, false),
    (AddrOp::LongInd, Reg::Y, true),
    (AddrOp::Ind, Reg::Z, true),
];
pub(super) const ADDRESSED_REL_BITS: u32 = REL_BITS - DIST_BITS;
pub(super) const DIST_MASK: u32 = (1 << DIST_BITS) - 1;
pub(super) const WORD_MASK: u32 = (1 << WORD_BITS) - 1;
pub(super) const LEN_MASK: u32 = (1 << LEN_BITS) - 1;
pub(super) const REL_MASK: u32 = (1 << REL_BITS) - 1;

const _: () = assert!(NEAR_SHIFT + NEAR_BITS == KIND_SHIFT);
const _: () = assert!(BYTE_SHIFT + 2 == 32);

/// An addressing mode as an [`ADDRESSED`] entry's index (its code: 0–3,
/// and 8–15 as 4–11).
pub(super) fn mode_index(op: AddrOp) -> u32 {
    let code = addr_code(op) as u32;
    if code >= 8 { code - 4 } else { code }
}

/// The addressing mode of [`mode_index`] `i`.
pub(super) fn mode_op(i: u32) -> AddrOp {
    addr_op(if i >= 4 { i + 4 } else { i } as u8)
}

/// A byte operator as an [`ADDRESSED`] entry's index (1–3; 0: none).
pub(super) fn byte_index(op: UnOp) -> u32 {
    match op {
        UnOp::Lower => 1,
        UnOp::Higher => 2,
        _ => 3,
    }
}

/// The byte operator of [`byte_index`] `i` (1–3).
pub(super) fn byte_op(i: u32) -> UnOp {
    match i {
        1 => UnOp::Lower,
        2 => UnOp::Higher,
        _ => UnOp::Bank,
    }
}

/// An addressing mode's operand an [`ADDRESSED`] entry can hold: a name,
/// or a byte operator right before one; the operator's index (0: none)
/// and the name's node.
pub(super) fn addressed_name(operand: &Expr) -> Option<(u32, &Expr)> {
    let (byte, name) = match operand.as_byte_of_name() {
        Some((op, name)) if name.pos.wrapping_sub(operand.pos) == 1 => (byte_index(op), name),
        Some(_) => return None,
        None => (0, operand),
    };
    name.as_named().filter(|&(anon, _)| !anon)?;
    Some((byte, name))
}

/// An indirection an [`INDIRECT`] entry can hold: its index in
/// [`INDIRECTIONS`], the index's node and the name's (the bracket right
/// before it).
pub(super) fn indirection(node: &Expr) -> Option<(u32, &Expr, &Expr)> {
    let (outer, inner) = node.as_addressed()?;
    let (inner_op, name) = inner.as_addressed()?;
    let (bracket, index, op, reg, outside) = match (outer, inner_op) {
        (AddrOp::Index(reg), op) => (inner, node, op, reg, true),
        (op, AddrOp::Index(reg)) => (node, inner, op, reg, false),
        _ => return None,
    };
    let which = INDIRECTIONS.iter().position(|&x| x == (op, reg, outside))?;
    name.as_named().filter(|&(anon, _)| !anon)?;
    (name.pos.wrapping_sub(bracket.pos) == 1).then_some((which as u32, index, name))
}

/// A number's bits in a [`NUMBER`] entry's `at` (its value and form, not
/// its place or mode), if it fits them.
#[inline]
fn number_key(number: &Expr) -> Option<u32> {
    let (bits, v, op, aux) = number.as_number_parts()?;
    // A bit string's length in fours (a hexadecimal digit each).
    let aux = if bits {
        (aux % 4 == 0).then_some(aux / 4)?
    } else {
        aux
    };
    let form = bits as u32 | (op as u32) << 1 | (aux as u32) << 3;
    ((0..1 << NUMBER_BITS).contains(&v) && op < 4 && aux < 8)
        .then_some(v as u32 | form << NUMBER_FORM_SHIFT)
}

/// What few parses have.
#[derive(Default)]
pub(super) struct Extra {
    pub(super) error: Option<Rc<SyntaxError>>,
    /// Deprecated operators met, for warnings, and errors the parse went
    /// on from (see the parser's `notes`).
    pub(super) notes: Box<[(Pos, &'static str)]>,
    /// Chunk, start, length and end (from where the parse began) when they
    /// don't fit [`Entry`].
    pub(super) wide: Option<(u32, u32, u32, u32)>,
}

impl Entry {
    /// The packed `at` and size fields, if the values fit them.
    pub(super) fn pack(chunk: u32, start: u32, len: u32, rel: u32) -> Option<(u32, u32)> {
        // The last chunk number is left out: its last start is [`DROPPED`].
        (chunk < (1 << (32 - START_BITS)) - 1
            && start < 1 << START_BITS
            && len < RECORD
            && rel < 1 << REL_BITS)
            .then_some((chunk << START_BITS | start, len << LEN_SHIFT | rel))
    }

    /// The packed `at` and size fields of a parse that is `node` alone,
    /// `dist` bytes after where the parse began, if it is a name or an
    /// anonymous reference and the values fit them (see [`NAMED`]).
    pub(super) fn pack_named(node: &Expr, dist: u32, rel: u32) -> Option<(u32, u32)> {
        let (anon, word) = node.as_named()?;
        let word = if anon {
            word.wrapping_add(ANON_BIAS)
        } else {
            word
        };
        (word < 1 << WORD_BITS && dist < 1 << DIST_BITS && rel < 1 << REL_BITS).then_some((
            word | dist << WORD_BITS | if anon { ANON_BIT } else { 0 },
            NAMED << LEN_SHIFT | rel,
        ))
    }

    /// The packed `at` and size fields of a parse that is `node` alone,
    /// an addressing mode over a name, `pos` where the parse began, if the
    /// values fit them (see [`ADDRESSED`]).
    pub(super) fn pack_addressed(node: &Expr, pos: u32, rel: u32) -> Option<(u32, u32)> {
        let (op, operand) = node.as_addressed()?;
        let (byte, name) = addressed_name(operand)?;
        Self::pack_over_name(ADDRESSED + mode_index(op), byte, node.pos, name, pos, rel)
    }

    /// The packed `at` and size fields of a parse that is `node` alone, an
    /// indexed indirection over a name, `pos` where the parse began, if the
    /// values fit them (see [`INDIRECT`]).
    pub(super) fn pack_indirect(node: &Expr, pos: u32, rel: u32) -> Option<(u32, u32)> {
        let (which, index, name) = indirection(node)?;
        Self::pack_over_name(INDIRECT, which, index.pos, name, pos, rel)
    }

    /// The fields of an [`ADDRESSED`] or [`INDIRECT`] entry: `len` its
    /// length field, `top` its top bits, `mode_at` the place of the node
    /// whose distance the rel field holds.
    #[inline]
    fn pack_over_name(
        len: u32,
        top: u32,
        mode_at: Pos,
        name: &Expr,
        pos: u32,
        rel: u32,
    ) -> Option<(u32, u32)> {
        let (_, word) = name.as_named()?;
        let (name_dist, dist) = (name.pos.wrapping_sub(pos), mode_at.wrapping_sub(pos));
        let at = word | name_dist << WORD_BITS | top << BYTE_SHIFT;
        // All bits set is [`DROPPED`], not a parse.
        (word < 1 << WORD_BITS
            && name_dist < 1 << DIST_BITS
            && dist < 1 << DIST_BITS
            && rel < 1 << ADDRESSED_REL_BITS
            && at != DROPPED)
            .then_some((at, len << LEN_SHIFT | dist << ADDRESSED_REL_BITS | rel))
    }

    /// The packed `at` and size fields of a parse that is `node` alone, a
    /// number or an addressing mode over one, `pos` where the parse began,
    /// if the values fit them (see [`NUMBER`]).
    pub(super) fn pack_number(node: &Expr, pos: u32, rel: u32) -> Option<(u32, u32)> {
        let (mode, dist, number) = match node.as_addressed() {
            Some((op, operand)) => (mode_index(op), node.pos.wrapping_sub(pos), operand),
            None => (NO_MODE, 0, node),
        };
        Self::pack_number_under(mode, dist, number, pos, rel)
    }

    /// The packed fields of a [`NUMBER`] entry: `number` under the mode of
    /// index `mode` ([`NO_MODE`]: none) `dist` bytes after `pos`.
    #[inline]
    fn pack_number_under(
        mode: u32,
        dist: u32,
        number: &Expr,
        pos: u32,
        rel: u32,
    ) -> Option<(u32, u32)> {
        let num_dist = number.pos.wrapping_sub(pos);
        let at = number_key(number)? | num_dist << NUMBER_BITS | mode << NUMBER_MODE_SHIFT;
        // All bits set is [`DROPPED`], not a parse.
        (num_dist < 1 << DIST_BITS
            && dist < 1 << DIST_BITS
            && rel < 1 << ADDRESSED_REL_BITS
            && at != DROPPED)
            .then_some((at, NUMBER << LEN_SHIFT | dist << ADDRESSED_REL_BITS | rel))
    }

    /// The packed `at` and size fields of a parse that is `value` (a name
    /// or a number) alone, or under the byte operator `byte_op` (right
    /// before it) and the addressing mode `mode` (at its place), `pos`
    /// where the parse began, if the values fit them: what
    /// [`Entry::pack_named`], [`Entry::pack_addressed`] and
    /// [`Entry::pack_number`] make of those nodes, without them.
    #[inline]
    pub(super) fn pack_lone(
        value: &Expr,
        byte_op: Option<UnOp>,
        mode: Option<(AddrOp, Pos)>,
        pos: u32,
        rel: u32,
    ) -> Option<(u32, u32)> {
        let byte = byte_op.map_or(0, byte_index);
        match (mode, value.as_named()) {
            (None, Some(_)) if byte == 0 => {
                Self::pack_named(value, value.pos.wrapping_sub(pos), rel)
            }
            (None, None) if byte == 0 => Self::pack_number_under(NO_MODE, 0, value, pos, rel),
            (Some((op, at)), Some((false, _))) => {
                Self::pack_over_name(ADDRESSED + mode_index(op), byte, at, value, pos, rel)
            }
            (Some((op, at)), None) if byte == 0 => {
                Self::pack_number_under(mode_index(op), at.wrapping_sub(pos), value, pos, rel)
            }
            _ => None,
        }
    }

    /// A [`NUMBER`] entry's number, made again at `pos` (where the parse
    /// began), and its mode's index ([`NO_MODE`]: none).
    #[inline]
    pub(super) fn number(&self, pos: u32) -> (Expr, u32) {
        let form = self.at >> NUMBER_FORM_SHIFT;
        let bits = form & 1 != 0;
        let aux = (form >> 3) as u16;
        let number = Expr::number_of(
            pos.wrapping_add(self.at >> NUMBER_BITS & DIST_MASK),
            bits,
            (self.at & ((1 << NUMBER_BITS) - 1)) as i64,
            (form >> 1 & 3) as u8,
            if bits { aux * 4 } else { aux },
        );
        (number, self.at >> NUMBER_MODE_SHIFT & 15)
    }

    /// Whether the entry holds its parse itself (see [`NAMED`],
    /// [`ADDRESSED`], [`INDIRECT`], [`NUMBER`]), not a place in a chunk.
    #[inline]
    pub(super) fn is_lone(&self) -> bool {
        self.info & EXTRA == 0 && self.info >> LEN_SHIFT & LEN_MASK >= ADDRESSED
    }

    /// Where a lone entry's parse stopped, from where it began.
    #[inline]
    pub(super) fn lone_rel(&self) -> u32 {
        if self.info >> LEN_SHIFT & LEN_MASK == NAMED {
            self.info & REL_MASK
        } else {
            self.info & ((1 << ADDRESSED_REL_BITS) - 1)
        }
    }

    /// A lone entry's name: its word, whether it is an anonymous
    /// reference, and its distance from where the parse began.
    #[inline]
    pub(super) fn lone_name(&self) -> (u32, bool, u32) {
        let anon = self.info >> LEN_SHIFT & LEN_MASK == NAMED && self.at & ANON_BIT != 0;
        let word = self.at & WORD_MASK;
        let word = if anon {
            word.wrapping_sub(ANON_BIAS)
        } else {
            word
        };
        (word, anon, self.at >> WORD_BITS & DIST_MASK)
    }

    /// Whether `one` is the expression this lone entry holds (at any place).
    pub(super) fn holds(&self, one: &Expr) -> bool {
        let which = self.at >> BYTE_SHIFT;
        let named = |name: &Expr| {
            let (word, anon, _) = self.lone_name();
            name.as_named() == Some((anon, word))
        };
        match (self.info >> LEN_SHIFT & LEN_MASK).checked_sub(ADDRESSED) {
            Some(NAMED_INDEX) => named(one),
            Some(NUMBER_INDEX) => {
                let (mode, number) = match one.as_addressed() {
                    Some((op, operand)) => (mode_index(op), operand),
                    None => (NO_MODE, one),
                };
                let key = self.at & !(DIST_MASK << NUMBER_BITS | 15 << NUMBER_MODE_SHIFT);
                mode == self.at >> NUMBER_MODE_SHIFT & 15 && number_key(number) == Some(key)
            }
            Some(INDIRECT_INDEX) => {
                indirection(one).is_some_and(|(i, _, name)| i == which && named(name))
            }
            Some(mode) => one.as_addressed().is_some_and(|(op, operand)| {
                mode_index(op) == mode
                    && addressed_name(operand)
                        .is_some_and(|(byte, name)| byte == which && named(name))
            }),
            None => false,
        }
    }

    /// Whether the entry holds its parse itself, or is a record.
    #[inline]
    pub(super) fn is_lone_or_record(&self) -> bool {
        self.info & EXTRA == 0 && self.info >> LEN_SHIFT & LEN_MASK >= RECORD
    }

    /// Whether the parse is a record (see [`RECORD`]).
    #[inline]
    pub(super) fn is_record(&self) -> bool {
        self.info & (EXTRA | LEN_MASK << LEN_SHIFT) == RECORD << LEN_SHIFT
    }

    /// Where the parse began from its line's start, and its kind (the
    /// [`FAR`] ones match none).
    pub(super) fn place(&self) -> u32 {
        self.info >> NEAR_SHIFT & !(EXTRA >> NEAR_SHIFT)
    }

    /// Its nodes were given back (see `LineCaches::release`): parsed
    /// again when asked for.
    pub(super) fn dropped(&self) -> bool {
        self.at == DROPPED
    }
}

/// An entry's `at` when its nodes were given back.
pub(super) const DROPPED: u32 = u32::MAX;

pub(super) const EXTRA: u32 = 1 << 31;
pub(super) const KIND_SHIFT: u32 = 29;
pub(super) const OFFSET_MASK: u32 = (1 << KIND_SHIFT) - 1;
