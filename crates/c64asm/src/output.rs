//! Where assembled bytes go. Each section writes into its own memory (a list
//! of blocks in writing order); `.dsection` links a section's memory into its
//! parent's. After the last pass the root memory is flattened into an image:
//! later blocks win where blocks overlap, gaps read as zeros.

use std::ops::Range;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::intern::Name;
use crate::symbols::PcType;

/// Index of a memory (block list).
pub type MemId = u32;
/// Index of an address state.
pub type AddrId = u32;
/// Index of a section.
pub type SecId = u32;

#[derive(Clone, Copy, Debug)]
pub enum Block {
    /// `len` bytes of `data` from `start`, at compile offset `addr`.
    Data { addr: u32, start: u32, len: u32 },
    /// Another memory (a section's) linked in at compile offset `addr`,
    /// reserving `len` bytes (the section's size when placed).
    Ref { mem: MemId, addr: u32, len: u32 },
}

#[derive(Default)]
pub struct Memory {
    pub blocks: Vec<Block>,
    /// The bytes written, in writing order: only ever appended to (by
    /// [`Memory::write`]) until the pass's memories are reset, so that bytes
    /// once written stay where they are (the listing's rows read theirs
    /// from here: see [`crate::listing::Rows::push`]).
    data: Vec<u8>,
    /// The last block is closed (64tass's `memjmp`: a skip, or a union's
    /// next line back at its start): bytes after it start a block of their
    /// own, and a section linked in goes after it.
    pub closed: bool,
    /// The layout of a `.struct`/`.union` definition (64tass's
    /// `enumeration`): its labels are offsets, not addresses, so
    /// `-Wimmediate` suggests `#` for them.
    pub enumeration: bool,
}

impl Memory {
    /// The bytes written (see [`Memory::data`]).
    pub fn data(&self) -> &[u8] {
        &self.data
    }
    /// Append bytes at `addr`, extending the last block when contiguous.
    #[inline]
    pub fn write(&mut self, addr: u32, bytes: &[u8]) {
        let start = self.data.len() as u32;
        if !self.closed
            && let Some(Block::Data {
                addr: a,
                start: s,
                len,
            }) = self.blocks.last_mut()
            && a.wrapping_add(*len) == addr
            && *s + *len == start
        {
            *len += bytes.len() as u32;
            self.append(bytes);
            return;
        }
        self.new_block(addr, bytes);
    }

    /// An instruction's few bytes without a `memcpy` call.
    #[inline]
    fn append(&mut self, bytes: &[u8]) {
        // Four bytes stored at once (one word store), the length then cut
        // back to the bytes given.
        let word = match *bytes {
            [a] => [a, 0, 0, 0],
            [a, b] => [a, b, 0, 0],
            [a, b, c] => [a, b, c, 0],
            [a, b, c, d] => [a, b, c, d],
            _ => return self.data.extend_from_slice(bytes),
        };
        let len = self.data.len() + bytes.len();
        self.data.extend_from_slice(&word);
        self.data.truncate(len);
    }

    /// [`Memory::write`] of an instruction's `n` bytes (at most 4, in
    /// `word`) when they extend the last block and its room is there: one
    /// word stored, no call. False: nothing done.
    #[inline(always)]
    fn extend_word(&mut self, addr: u32, word: [u8; 4], n: u32) -> bool {
        let start = self.data.len();
        if self.closed || self.data.capacity() - start < 4 {
            return false;
        }
        let Some(Block::Data {
            addr: a,
            start: s,
            len,
        }) = self.blocks.last_mut()
        else {
            return false;
        };
        if a.wrapping_add(*len) != addr || *s + *len != start as u32 {
            return false;
        }
        *len += n;
        self.data.extend_from_slice(&word);
        self.data.truncate(start + n as usize);
        true
    }

    #[cold]
    fn new_block(&mut self, addr: u32, bytes: &[u8]) {
        self.closed = false;
        let start = self.data.len() as u32;
        self.blocks.push(Block::Data {
            addr,
            start,
            len: bytes.len() as u32,
        });
        self.data.extend_from_slice(bytes);
    }
}

/// The two counters of 64tass: the compile offset (`address`, where bytes
/// go) and the program counter (`l_address`, what `*` and labels see).
#[derive(Clone, Debug)]
pub struct Address {
    pub address: u32,
    pub l_address: u32,
    /// The type `*` takes (from the last `* =` value).
    pub l_type: PcType,
    pub start: u32,
    pub end: u32,
    pub l_start: u32,
    pub l_union: u32,
    pub unionmode: bool,
    pub moved: bool,
    pub wrapwarn: bool,
    pub bankwarn: bool,
    pub mem: MemId,
}

impl Address {
    pub fn new(mem: MemId) -> Address {
        Address {
            address: 0,
            l_address: 0,
            l_type: PcType::Int,
            start: 0,
            end: 0,
            l_start: 0,
            l_union: 0,
            unionmode: false,
            moved: false,
            wrapwarn: false,
            bankwarn: false,
            mem,
        }
    }
}

pub struct Section {
    pub name: Name,
    pub display: Rc<str>,
    pub parent: Option<SecId>,
    pub children: FxHashMap<Name, SecId>,
    pub addr: AddrId,
    pub restart: u32,
    pub l_restart: u32,
    pub size: u32,
    pub defpass: u32,
    pub usepass: u32,
    pub logicalrecursion: u32,
}

/// A diagnostic raised while placing bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceIssue {
    /// Bytes before the start of a section.
    OutOfSection,
    /// The compile offset wrapped around the end of the image.
    MemWrap,
    /// The program counter crossed into another 64 KiB bank.
    PcWrap,
}

/// A section's blocks in [`Output::blocks`], for `--output-section`.
#[derive(Clone, Debug)]
pub struct SectionBlocks {
    /// Its dotted path from the root (`main.inner`).
    pub path: String,
    /// The blocks it holds, its children's included.
    pub blocks: Range<usize>,
    /// Whether the memory is its own, linked in where it was placed; a
    /// section not used in the last pass may name another's.
    pub own: bool,
}

pub struct Output {
    pub mems: Vec<Memory>,
    pub addrs: Vec<Address>,
    pub sections: Vec<Section>,
    /// Highest compile offset (`$ffff`, `$ffffff` with long addresses,
    /// `$ffffffff` for the 4 GiB image of flat, Intel HEX and S-record output).
    pub image_mask: u32,
    /// The processor's address space mask for the program counter.
    pub all_mem: u32,
    /// 64tass would place bytes elsewhere in the 4 GiB image it uses for
    /// flat, Intel HEX and S-record output: the compile offset wrapped around
    /// the end of the image (warning on or not), or `* =` moved it while it
    /// was apart from the program counter (there 64tass sets it to the value).
    pub differs_in_4gib: bool,
    /// The last pass's memories, kept through this pass once a label's data
    /// was read ahead of its line (see [`Output::mems_defined_in`]).
    previous: Vec<Memory>,
    keep_previous: bool,
    /// A read ahead found the last pass's memories not kept.
    previous_wanted: std::cell::Cell<bool>,
    /// A read ahead was answered from the last pass's memories this pass.
    previous_read: std::cell::Cell<bool>,
}

pub const ROOT: SecId = 0;

impl Output {
    pub fn new(image_mask: u32) -> Output {
        let mut o = Output {
            mems: Vec::new(),
            addrs: Vec::new(),
            sections: Vec::new(),
            image_mask,
            all_mem: 0xffff,
            differs_in_4gib: false,
            previous: Vec::new(),
            keep_previous: false,
            previous_wanted: std::cell::Cell::new(false),
            previous_read: std::cell::Cell::new(false),
        };
        o.reset();
        o
    }

    /// Start a pass: forget everything written, the last pass's memories
    /// kept aside if a label's data is read ahead of its line.
    pub fn begin_pass(&mut self) {
        if self.keep_previous {
            self.previous = std::mem::take(&mut self.mems);
        }
        self.previous_read.set(false);
        self.reset();
    }

    /// The memories a label's data is in: this pass's, or the last pass's
    /// for a label not yet defined again in this pass (64tass's code object
    /// keeps the memory of the pass that made it). None when those were not
    /// kept: the read gives nothing, and [`Output::wants_previous`] asks for
    /// another pass that keeps them.
    pub fn mems_defined_in(&self, before_this_pass: bool) -> Option<&[Memory]> {
        if !before_this_pass {
            Some(&self.mems)
        } else if self.keep_previous {
            self.previous_read.set(true);
            Some(&self.previous)
        } else {
            self.want_previous();
            None
        }
    }

    /// Whether this pass read a label's data in the last pass's memories:
    /// another pass would read this pass's, and may differ.
    pub fn read_previous(&self) -> bool {
        self.previous_read.get()
    }

    /// Whether a section used in this pass had no `.dsection` in it (the one
    /// that declared it was left out this time, in a `.proc` no longer
    /// used): its next use finds it undefined.
    pub fn section_undeclared(&self, pass: u32) -> bool {
        self.sections
            .iter()
            .skip(1)
            .any(|s| s.usepass == pass && s.defpass < pass)
    }

    /// Keep this pass's memories through the next one (a label's data may
    /// be read there ahead of its line).
    pub fn want_previous(&self) {
        self.previous_wanted.set(true);
    }

    /// End of a pass: was a label's data read ahead of its line without the
    /// last pass's memories? From now on they are kept, and another pass
    /// is needed to read them.
    pub fn wants_previous(&mut self) -> bool {
        let wanted = self.previous_wanted.replace(false) && !self.keep_previous;
        self.keep_previous |= wanted;
        wanted
    }

    /// Forget everything written (start of a pass, and after the command
    /// line's definitions); sections keep their positions from the previous pass.
    pub fn reset(&mut self) {
        self.differs_in_4gib = false;
        self.mems.clear();
        self.mems.push(Memory::default());
        if self.sections.is_empty() {
            self.addrs.clear();
            self.addrs.push(Address::new(0));
            self.sections.push(Section {
                name: u32::MAX,
                display: Rc::from(""),
                parent: None,
                children: FxHashMap::default(),
                addr: 0,
                restart: 0,
                l_restart: 0,
                size: 0,
                defpass: 0,
                usepass: 0,
                logicalrecursion: 0,
            });
        } else {
            let root = self.sections[ROOT as usize].addr as usize;
            self.addrs[root] = Address::new(0);
            self.sections[ROOT as usize].logicalrecursion = 0;
        }
    }

    /// 64tass's end-of-pass size check: every section placed this pass (with
    /// its parents) must have the size its `.dsection` reserved, or another
    /// pass is needed (a nested section grew after its parent was placed).
    pub fn sections_settled(&self, pass: u32) -> bool {
        self.sections.iter().enumerate().skip(1).all(|(id, s)| {
            let placed = |mut id: usize| loop {
                let s = &self.sections[id];
                match s.parent {
                    None => return true,
                    Some(_) if s.defpass != pass => return false,
                    Some(p) => id = p as usize,
                }
            };
            if !placed(id) {
                return true;
            }
            let a = &self.addrs[s.addr as usize];
            let end = if !a.moved && a.end < a.address {
                a.address
            } else {
                a.end
            };
            s.size == end.wrapping_sub(a.start)
        })
    }

    /// Move the bytes written to a memory by `change`, with those of the
    /// sections placed in it (and their counters): a section placed after
    /// its first fragments moves there as a whole. Returns the memories moved.
    pub fn relocate(&mut self, mem: MemId, change: u32) -> Vec<MemId> {
        let mask = self.image_mask;
        let mut todo = vec![mem];
        let mut moved = Vec::new();
        while let Some(m) = todo.pop() {
            if moved.contains(&m) {
                continue;
            }
            moved.push(m);
            for b in self.mems[m as usize].blocks.iter_mut() {
                match b {
                    Block::Data { addr, .. } => *addr = addr.wrapping_add(change) & mask,
                    Block::Ref { mem: sub, addr, .. } => {
                        *addr = addr.wrapping_add(change) & mask;
                        todo.push(*sub)
                    }
                }
            }
        }
        for s in self.sections.iter_mut() {
            let a = &mut self.addrs[s.addr as usize];
            if a.mem != mem && moved.contains(&a.mem) {
                a.address = a.address.wrapping_add(change) & mask;
                a.start = a.start.wrapping_add(change) & mask;
                a.end = a.end.wrapping_add(change) & mask;
                s.restart = s.restart.wrapping_add(change) & mask;
            }
        }
        moved
    }

    /// Memory `mem`'s bytes (none for a memory it does not have).
    pub fn mem_data(&self, mem: MemId) -> &[u8] {
        self.mems.get(mem as usize).map_or(&[], |m| &m.data)
    }

    /// The memories' bytes, taken from them (the run has ended).
    pub fn take_data(&mut self) -> Vec<Vec<u8>> {
        self.mems
            .iter_mut()
            .map(|m| std::mem::take(&mut m.data))
            .collect()
    }

    /// How many bytes a memory holds (where the next write's bytes start).
    pub fn data_len(&self, mem: MemId) -> u32 {
        self.mems
            .get(mem as usize)
            .map_or(0, |m| m.data.len() as u32)
    }

    pub fn new_mem(&mut self) -> MemId {
        self.mems.push(Memory::default());
        self.mems.len() as MemId - 1
    }

    /// A new memory for a `.struct`/`.union` definition's layout.
    pub fn new_enumeration(&mut self) -> MemId {
        let mem = self.new_mem();
        self.mems[mem as usize].enumeration = true;
        mem
    }

    /// Whether `mem` holds a `.struct`/`.union` definition's layout.
    pub fn is_enumeration(&self, mem: MemId) -> bool {
        self.mems.get(mem as usize).is_some_and(|m| m.enumeration)
    }

    pub fn new_addr(&mut self, a: Address) -> AddrId {
        self.addrs.push(a);
        self.addrs.len() as AddrId - 1
    }

    pub fn addr(&self, id: AddrId) -> &Address {
        &self.addrs[id as usize]
    }

    pub fn addr_mut(&mut self, id: AddrId) -> &mut Address {
        &mut self.addrs[id as usize]
    }

    fn mask2(&self) -> u32 {
        self.image_mask
    }

    /// Shared by writing and skipping: advance both counters by `n`, with
    /// 64tass's wrap-around rules. Returns the compile offset to write at.
    fn advance(&mut self, id: AddrId, n: u32, issues: &mut Vec<PlaceIssue>) -> u32 {
        let all_mem = self.all_mem;
        let mask2 = self.mask2();
        let mut wrapped = false;
        let a = &mut self.addrs[id as usize];
        if a.moved {
            if a.address < a.start {
                issues.push(PlaceIssue::OutOfSection);
            }
            if a.wrapwarn {
                issues.push(PlaceIssue::MemWrap);
                a.wrapwarn = false;
                wrapped = true;
            }
            a.moved = false;
        }
        if a.bankwarn {
            issues.push(PlaceIssue::PcWrap);
            a.bankwarn = false;
        }
        if n > (!a.l_address & 0xffff) {
            a.bankwarn = 0x10000 - (a.l_address & 0xffff) == n;
            if !a.bankwarn {
                issues.push(PlaceIssue::PcWrap);
            }
            a.l_address = a.l_address.wrapping_add(n) & all_mem;
        } else {
            a.l_address += n;
        }
        let at = a.address;
        if n > (!a.address & mask2) {
            // In u64: an unplaced section's address may be near 4 GiB.
            if u64::from(n) - 1 + u64::from(a.address) == u64::from(mask2) {
                a.wrapwarn = true;
                a.moved = true;
                if a.end <= mask2 {
                    a.end = mask2.wrapping_add(1);
                }
                a.address = 0;
            } else {
                if a.start != 0 {
                    issues.push(PlaceIssue::OutOfSection);
                }
                if a.end <= mask2 {
                    a.end = mask2.wrapping_add(1);
                }
                a.moved = false;
                a.address = a.address.wrapping_add(n) & mask2;
                issues.push(PlaceIssue::MemWrap);
                a.wrapwarn = false;
                wrapped = true;
            }
        } else {
            a.address += n;
        }
        self.differs_in_4gib |= wrapped;
        at
    }

    /// Write bytes at the current compile offset of `id` when nothing is
    /// to be reported: no move, wrap or bank crossing pending or caused (the
    /// usual case, every instruction). `false`: nothing done, use [`poke`].
    ///
    /// [`poke`]: Output::poke
    #[inline]
    pub fn poke_quick(&mut self, id: AddrId, bytes: &[u8]) -> bool {
        let n = bytes.len() as u32;
        let mask2 = self.mask2();
        let a = &mut self.addrs[id as usize];
        if a.moved || a.bankwarn || n > (!a.l_address & 0xffff) || n > (!a.address & mask2) {
            return false;
        }
        let at = a.address;
        a.l_address += n;
        a.address += n;
        let mem = a.mem as usize;
        self.mems[mem].write(at, bytes);
        true
    }

    /// [`Output::poke_quick`] of an instruction's `n` bytes (at most 4, in
    /// `word`, little-endian) when they extend the block being written and
    /// its room is there (the usual case: see [`Memory::extend_word`]).
    /// False: nothing done.
    #[inline(always)]
    pub fn poke_word(&mut self, id: AddrId, word: [u8; 4], n: u32) -> bool {
        let mask2 = self.mask2();
        let a = &mut self.addrs[id as usize];
        if a.moved || a.bankwarn || n > (!a.l_address & 0xffff) || n > (!a.address & mask2) {
            return false;
        }
        if !self.mems[a.mem as usize].extend_word(a.address, word, n) {
            return false;
        }
        a.l_address += n;
        a.address += n;
        true
    }

    /// Write bytes at the current compile offset of `id`.
    pub fn poke(&mut self, id: AddrId, bytes: &[u8], issues: &mut Vec<PlaceIssue>) {
        if bytes.is_empty() {
            return;
        }
        let at = self.advance(id, bytes.len() as u32, issues);
        let mask2 = self.mask2();
        let mem = self.addrs[id as usize].mem as usize;
        // A `.virtual` past the image (`$800036` on the 65816) writes there.
        let room = mask2.checked_sub(at).map_or(usize::MAX, |r| r as usize + 1);
        if bytes.len() <= room {
            self.mems[mem].write(at, bytes);
        } else {
            self.mems[mem].write(at, &bytes[..room]);
            // The rest goes round the image as often as it is long (a tune
            // of 1 MB in 64 KiB), each round a block of its own: the image
            // keeps the last, a hex output has every one.
            for round in bytes[room..].chunks(mask2 as usize + 1) {
                self.mems[mem].write(0, round);
            }
        }
    }

    /// Skip `n` bytes (uninitialized memory).
    pub fn skip(&mut self, id: AddrId, n: u32, issues: &mut Vec<PlaceIssue>) {
        if n != 0 {
            self.advance(id, n, issues);
            self.close_block(id);
        }
    }

    /// The block being written at `id` ends here (see [`Memory::closed`]).
    pub fn close_block(&mut self, id: AddrId) {
        let mem = self.addrs[id as usize].mem;
        self.mems[mem as usize].closed = true;
    }

    /// Flatten the root memory into `(load address, bytes)`: first to last
    /// written byte, gaps zero-filled, later blocks winning.
    pub fn image(&self) -> Option<(u32, Vec<u8>)> {
        let mut lo = u32::MAX;
        let mut hi = 0u32;
        self.bounds(0, &mut lo, &mut hi, 0);
        if lo > hi {
            return None;
        }
        let mut bytes = vec![0u8; (hi - lo + 1) as usize];
        self.paint(0, lo, &mut bytes, 0);
        Some((lo, bytes))
    }

    fn bounds(&self, mem: MemId, lo: &mut u32, hi: &mut u32, depth: u32) {
        if depth > 64 {
            return;
        }
        for b in &self.mems[mem as usize].blocks {
            match *b {
                Block::Data { addr, len, .. } if len > 0 => {
                    *lo = (*lo).min(addr);
                    *hi = (*hi).max(addr + len - 1);
                }
                Block::Data { .. } => {}
                Block::Ref { mem: m, .. } => self.bounds(m, lo, hi, depth + 1),
            }
        }
    }

    fn paint(&self, mem: MemId, lo: u32, out: &mut [u8], depth: u32) {
        if depth > 64 {
            return;
        }
        let m = &self.mems[mem as usize];
        for b in &m.blocks {
            match *b {
                Block::Data { addr, start, len } => {
                    let dst = (addr - lo) as usize;
                    out[dst..dst + len as usize]
                        .copy_from_slice(&m.data[start as usize..(start + len) as usize]);
                }
                Block::Ref { mem: sub, .. } => self.paint(sub, lo, out, depth + 1),
            }
        }
    }

    /// Every data block as (compile offset, bytes), in writing order with
    /// section contents at their `.dsection`, for listings and source maps.
    pub fn blocks(&self) -> Vec<(u32, &[u8])> {
        let mut out = Vec::new();
        self.collect(0, &mut out, 0);
        out
    }

    /// Each section as its dotted path from the root (`main.inner`, as
    /// written in its `.section`) and the range of [`Output::blocks`] it
    /// holds, its children's included (64tass's `--output-section`). As in
    /// 64tass, whose memories are reused objects, a section not used in the
    /// last pass holds what its memory holds now, another section's.
    pub fn section_ranges(&self) -> Vec<SectionBlocks> {
        let owners = self.memory_owners();
        let mut ranges = FxHashMap::default();
        let mut blocks = Vec::new();
        self.collect_ranges(0, &mut blocks, &mut ranges, 0);
        let path = |mut id: SecId| {
            let mut parts = Vec::new();
            while let Some(parent) = self.sections[id as usize].parent {
                parts.push(&*self.sections[id as usize].display);
                id = parent;
            }
            parts.reverse();
            parts.join(".")
        };
        (1..self.sections.len() as SecId)
            .map(|id| {
                // A section whose memory was never linked in (placed in a
                // `.virtual`) holds nothing: 64tass writes an empty output.
                let mem = self.addrs[self.sections[id as usize].addr as usize].mem;
                let blocks = ranges.get(&mem).cloned();
                SectionBlocks {
                    path: path(id),
                    own: blocks.is_some() && owners.get(&mem) == Some(&(id as usize)),
                    blocks: blocks.unwrap_or(0..0),
                }
            })
            .collect()
    }

    /// Which section owns each memory. Memories are made anew each pass, so
    /// a section not used in the last pass may still name a memory since
    /// given to another: the section used last owns it.
    pub(crate) fn memory_owners(&self) -> FxHashMap<MemId, usize> {
        let mut owners = FxHashMap::<MemId, usize>::default();
        for (s, section) in self.sections.iter().enumerate() {
            if section.parent.is_some() {
                let owner = owners.entry(self.addr(section.addr).mem).or_insert(s);
                if self.sections[*owner].usepass < section.usepass {
                    *owner = s;
                }
            }
        }
        owners
    }

    fn collect<'a>(&'a self, mem: MemId, out: &mut Vec<(u32, &'a [u8])>, depth: u32) {
        self.collect_ranges(mem, out, &mut FxHashMap::default(), depth);
    }

    /// Collects the blocks of `mem`, noting where each memory's blocks are.
    fn collect_ranges<'a>(
        &'a self,
        mem: MemId,
        out: &mut Vec<(u32, &'a [u8])>,
        ranges: &mut FxHashMap<MemId, Range<usize>>,
        depth: u32,
    ) {
        if depth > 64 {
            return;
        }
        let first = out.len();
        let m = &self.mems[mem as usize];
        for b in &m.blocks {
            match *b {
                Block::Data { addr, start, len } => {
                    out.push((addr, &m.data[start as usize..(start + len) as usize]))
                }
                Block::Ref { mem: sub, .. } => self.collect_ranges(sub, out, ranges, depth + 1),
            }
        }
        ranges.insert(mem, first..out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_and_overlaps_flatten_like_a_prg() {
        let mut o = Output::new(0xffff);
        let a = o.sections[0].addr;
        let mut issues = Vec::new();
        o.addr_mut(a).address = 0x1000;
        o.skip(a, 1, &mut issues);
        o.poke(a, &[1, 2], &mut issues);
        o.skip(a, 2, &mut issues);
        o.poke(a, &[3], &mut issues);
        o.skip(a, 5, &mut issues);
        o.addr_mut(a).address = 0x1001;
        o.poke(a, &[9], &mut issues);
        assert_eq!(o.image(), Some((0x1001, vec![9, 2, 0, 0, 3])));
        assert!(issues.is_empty());
        assert!(!o.differs_in_4gib);
    }

    #[test]
    fn writing_past_the_end_wraps_with_a_warning() {
        let mut o = Output::new(0xffff);
        let a = o.sections[0].addr;
        let mut issues = Vec::new();
        o.addr_mut(a).address = 0xffff;
        o.addr_mut(a).l_address = 0xffff;
        o.poke(a, &[1], &mut issues);
        o.poke(a, &[2], &mut issues);
        assert!(o.differs_in_4gib);
        // Both counters wrapped: the compile offset and the program counter.
        assert_eq!(issues, [PlaceIssue::MemWrap, PlaceIssue::PcWrap]);
        assert_eq!(o.addr(a).address, 1);
    }
}
