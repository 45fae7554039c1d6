//! A parse's nodes as a few bytes (the parse cache's records, see
//! `LineCaches` in `asm/lines.rs`): a node of 16 bytes is a byte of tag and
//! flags, its position from where the parse began, and its payload, each
//! number in as few bytes as it needs. Most lines kept past the first pass
//! are a few names, constants and operators over them (`.byte <tab, >tab`,
//! `.word a, b + 1`, `lda #<(tab + 2)`), about a sixth of their nodes' size
//! this way. Only nodes that own nothing are packed (names, integers,
//! short bit strings, operators over them); made again, each node is the one
//! packed, field for field, its runs in the chunk it is made in.

use super::{Data, Expr, IN_ARENA, Tag, height_of};
use crate::syntax::ast::Pos;

/// A node's tag as a record's code (the low four bits of its first byte):
/// the tags a record holds.
fn code(tag: Tag) -> Option<u8> {
    Some(match tag {
        Tag::Int => 0,
        Tag::Bits => 1,
        Tag::Ident => 2,
        Tag::Anon => 3,
        Tag::Symbol => 4,
        Tag::AnonSymbol => 5,
        Tag::Star => 6,
        Tag::Default => 7,
        Tag::Unary => 8,
        Tag::Paren => 9,
        Tag::Addr => 10,
        Tag::Binary => 11,
        Tag::Member => 12,
        Tag::Cond => 13,
        Tag::DCond => 14,
        _ => return None,
    })
}

/// The tags of [`code`], by code.
const TAGS: [Tag; 15] = [
    Tag::Int,
    Tag::Bits,
    Tag::Ident,
    Tag::Anon,
    Tag::Symbol,
    Tag::AnonSymbol,
    Tag::Star,
    Tag::Default,
    Tag::Unary,
    Tag::Paren,
    Tag::Addr,
    Tag::Binary,
    Tag::Member,
    Tag::Cond,
    Tag::DCond,
];

/// In a node's first byte: its `op` follows (else 0).
const HAS_OP: u8 = 0x10;
/// In a node's first byte: its `aux` follows (else 0 for a leaf, the height
/// its operands give for an operator).
const HAS_AUX: u8 = 0x20;
const CODE_MASK: u8 = 0x0f;

/// A node's bytes, written at once: at most a code, a position, an
/// operator, a height and a 64-bit payload (or two words).
struct NodeBytes<'o> {
    bytes: &'o mut [std::mem::MaybeUninit<u8>],
    len: usize,
}

/// The most bytes a node takes: a code, a position (5), an operator, a
/// height (3) and a 64-bit payload (10), or two words (5 each).
const NODE_MAX: usize = 24;

impl NodeBytes<'_> {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        self.bytes[self.len].write(b);
        self.len += 1;
    }

    #[inline(always)]
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.push(v as u8);
    }
}

fn zigzag(v: i64) -> u64 {
    (v << 1 ^ v >> 63) as u64
}

/// A record being read: it was written by [`pack`], so it is read as it
/// was written, without checking its bounds.
struct Reader {
    at: *const u8,
}

impl Reader {
    #[inline(always)]
    fn byte(&mut self) -> u8 {
        // SAFETY: a record's reads follow its writes (see `unpack`).
        unsafe {
            let b = *self.at;
            self.at = self.at.add(1);
            b
        }
    }

    #[inline(always)]
    fn varint(&mut self) -> u64 {
        let mut b = self.byte();
        if b < 0x80 {
            return b as u64;
        }
        let (mut v, mut shift) = (0u64, 0);
        loop {
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return v;
            }
            shift += 7;
            b = self.byte();
        }
    }

    #[inline(always)]
    fn signed(&mut self) -> i64 {
        let v = self.varint();
        (v >> 1) as i64 ^ -((v & 1) as i64)
    }
}

/// The height an operator over `operands` has (see [`Expr::fixed`]).
fn operator_height(operands: &[Expr]) -> u16 {
    height_of(operands.iter().map(Expr::height).max().unwrap_or(0))
}

/// Append `e` (positions from `base`), counting its nodes into `nodes`;
/// false if a node is not one a record holds (`out` then has some of it).
fn put(e: &Expr, base: Pos, out: &mut Vec<u8>, nodes: &mut u32) -> bool {
    let Some(code) = code(e.tag) else {
        return false;
    };
    *nodes += 1;
    let operands = match e.tag.fixed() {
        // SAFETY: a fixed-size operator's run is its operands.
        Some(n) => unsafe { std::slice::from_raw_parts(e.run_ptr().cast_const(), n) },
        None => &[],
    };
    let aux = if operands.is_empty() {
        0
    } else {
        operator_height(operands)
    };
    let mut first = code;
    if e.op != 0 {
        first |= HAS_OP;
    }
    if e.aux != aux {
        first |= HAS_AUX;
    }
    out.reserve(NODE_MAX);
    let mut b = NodeBytes {
        bytes: &mut out.spare_capacity_mut()[..NODE_MAX],
        len: 0,
    };
    b.push(first);
    b.varint(e.pos.wrapping_sub(base) as u64);
    if e.op != 0 {
        b.push(e.op);
    }
    if e.aux != aux {
        b.varint(e.aux as u64);
    }
    // SAFETY: each arm reads the payload field its tag stores.
    unsafe {
        match e.tag {
            Tag::Int => b.varint(zigzag(e.data.int)),
            Tag::Bits | Tag::Ident => b.varint(e.data.word as u64),
            Tag::Anon | Tag::AnonSymbol => b.varint(zigzag(e.data.word as i32 as i64)),
            Tag::Symbol => {
                b.varint(e.data.names[0] as u64);
                b.varint(e.data.names[1] as u64);
            }
            _ => {}
        }
    }
    let n = b.len;
    // SAFETY: the first `n` bytes of the spare room were written.
    unsafe { out.set_len(out.len() + n) };
    operands.iter().all(|o| put(o, base, out, nodes))
}

/// Append a record of `exprs`, a parse that began at `base`, to `out`;
/// false (and `out` as it was) if one of their nodes is not one a record
/// holds, or there are too many. First the number of expressions (a byte)
/// and of nodes (two), then each expression's nodes, each before its
/// operands.
pub fn pack(exprs: &[Expr], base: Pos, out: &mut Vec<u8>) -> bool {
    let mark = out.len();
    let mut nodes = 0u32;
    let packed = u8::try_from(exprs.len()).is_ok_and(|top| {
        out.extend_from_slice(&[top, 0, 0]);
        exprs.iter().all(|e| put(e, base, out, &mut nodes))
    });
    match u16::try_from(nodes) {
        Ok(n) if packed => {
            out[mark + 1..mark + 3].copy_from_slice(&n.to_le_bytes());
            true
        }
        _ => {
            out.truncate(mark);
            false
        }
    }
}

/// How many nodes the record at the start of `bytes` makes.
#[inline]
pub fn nodes(bytes: &[u8]) -> usize {
    u16::from_le_bytes([bytes[1], bytes[2]]) as usize
}

/// Where a record's nodes are made again: a chunk's buffer, with room
/// for them all, and how many are written.
struct Out {
    nodes: *mut Expr,
    len: usize,
}

impl Out {
    /// Write `items`, an operator's operands, as its run: its payload.
    #[inline(always)]
    fn run<const N: usize>(&mut self, items: [Expr; N]) -> Data {
        // SAFETY: the chunk has room for every node of the record (see
        // `unpack`); the operands are moved in as one array.
        let p = unsafe {
            let p = self.nodes.add(self.len);
            p.cast::<[Expr; N]>().write(items);
            p
        };
        self.len += N;
        Data {
            run: p.map_addr(|x| x | IN_ARENA),
        }
    }
}

/// The node the reader is at (positions from `base`), its operands' runs
/// written first. A leaf (the commonest) is read here, inline; an operator
/// apart.
#[inline(always)]
fn take(r: &mut Reader, base: Pos, out: &mut Out) -> Expr {
    let first = r.byte();
    let tag = TAGS[(first & CODE_MASK) as usize];
    if tag.fixed().is_some() {
        return take_operator(r, first, tag, base, out);
    }
    let pos = base.wrapping_add(r.varint() as u32);
    let op = if first & HAS_OP != 0 { r.byte() } else { 0 };
    let aux = if first & HAS_AUX != 0 {
        r.varint() as u16
    } else {
        0
    };
    let data = match tag {
        Tag::Int => Data { int: r.signed() },
        Tag::Bits | Tag::Ident => Data {
            word: r.varint() as u32,
        },
        Tag::Anon | Tag::AnonSymbol => Data {
            word: r.signed() as i32 as u32,
        },
        Tag::Symbol => Data {
            names: [r.varint() as u32, r.varint() as u32],
        },
        _ => Data { int: 0 },
    };
    Expr::leaf(pos, tag, op, aux, data)
}

/// An operator node (`first` its first byte), its operands read first.
#[inline(never)]
fn take_operator(r: &mut Reader, first: u8, tag: Tag, base: Pos, out: &mut Out) -> Expr {
    let pos = base.wrapping_add(r.varint() as u32);
    let op = if first & HAS_OP != 0 { r.byte() } else { 0 };
    let aux = (first & HAS_AUX != 0).then(|| r.varint() as u16);
    let (data, below) = match tag {
        Tag::Unary | Tag::Paren | Tag::Addr => {
            let a = take(r, base, out);
            let h = a.height();
            (out.run([a]), h)
        }
        Tag::Binary | Tag::Member => {
            let a = take(r, base, out);
            let b = take(r, base, out);
            let h = a.height().max(b.height());
            (out.run([a, b]), h)
        }
        _ => {
            let a = take(r, base, out);
            let b = take(r, base, out);
            let c = take(r, base, out);
            let h = a.height().max(b.height()).max(c.height());
            (out.run([a, b, c]), h)
        }
    };
    Expr::leaf(pos, tag, op, aux.unwrap_or_else(|| height_of(below)), data)
}

/// Make the parse of the record at the start of `bytes` again in `chunk`
/// (empty), its positions from `base`: where its expressions are in the
/// chunk (start and count), first, their operands' runs after them.
///
/// # Safety
/// `bytes` must start with a record [`pack`] wrote (it is read without
/// checks); `chunk` must have room for [`nodes`] nodes, and be kept as
/// [`super::Arena::new`] says (the expressions point into it).
pub unsafe fn unpack(bytes: &[u8], base: Pos, chunk: &mut Vec<Expr>) -> (u32, u32) {
    debug_assert!(chunk.is_empty() && chunk.capacity() >= nodes(bytes));
    let top = bytes[0] as usize;
    // SAFETY: `bytes` starts with a record `pack` wrote: its reads stay in it.
    let mut r = Reader {
        at: unsafe { bytes.as_ptr().add(3) },
    };
    let mut out = Out {
        nodes: chunk.as_mut_ptr(),
        len: top,
    };
    for i in 0..top {
        let e = take(&mut r, base, &mut out);
        // SAFETY: room for every node (asserted); the expressions' places
        // were left first.
        unsafe { out.nodes.add(i).write(e) };
    }
    debug_assert_eq!(out.len, nodes(bytes));
    // SAFETY: the first `out.len` places were written.
    unsafe { chunk.set_len(out.len) };
    (0, top as u32)
}

#[cfg(test)]
mod tests {
    use super::super::Arena;
    use super::*;
    use crate::syntax::ast::{BinOp, UnOp};

    /// Nodes made again from their record are the ones packed, field for
    /// field (positions moved by where the parse began), operators over
    /// names and integers; a string is not packed.
    #[test]
    fn records_make_their_nodes_again() {
        let mut chunk = Vec::with_capacity(16);
        // SAFETY: the trees stay in `chunk` (see `Arena`).
        let mut arena = Some(unsafe { Arena::new(&mut chunk) });
        let name = Expr::ident(13, 7);
        let low = Expr::unary(&mut arena, 12, UnOp::Lower, name);
        let sum = Expr::binary(
            &mut arena,
            25,
            BinOp::Add,
            Expr::ident(20, 300_000),
            Expr::int(27, -5),
        );
        let folded = Expr::leaf(31, Tag::Int, 2, 3, Data { int: 1 << 40 });
        let anon = Expr::anon(40, -2);
        let exprs = [low, sum, folded, anon];
        let mut out = vec![9];
        assert!(pack(&exprs, 10, &mut out));
        assert_eq!(nodes(&out[1..]), 7);
        let mut again = Vec::with_capacity(7);
        // SAFETY: room for its nodes; dropped before `again`.
        let (start, len) = unsafe { unpack(&out[1..], 110, &mut again) };
        let made = &again[start as usize..(start + len) as usize];
        fn same(a: &Expr, b: &Expr, delta: Pos) {
            assert_eq!(
                (a.pos + delta, a.tag, a.op, a.aux),
                (b.pos, b.tag, b.op, b.aux)
            );
            // SAFETY: both have the same tag, which says what their payload is.
            unsafe {
                match a.tag {
                    Tag::Int => assert_eq!(a.data.int, b.data.int),
                    t if t.fixed().is_none() => assert_eq!(a.data.word, b.data.word),
                    _ => {}
                }
            }
            let n = a.tag.fixed().unwrap_or(0);
            for i in 0..n {
                // SAFETY: a fixed-size operator's run is its operands.
                unsafe { same(&*a.run_ptr().add(i), &*b.run_ptr().add(i), delta) };
            }
        }
        for (a, b) in exprs.iter().zip(made) {
            same(a, b, 100);
        }
        let s = [Expr::string(3, "x".into())];
        let before = out.len();
        assert!(!pack(&s, 0, &mut out));
        assert_eq!(out.len(), before);
    }
}
