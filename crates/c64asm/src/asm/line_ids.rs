//! Per file and line, the id of what is kept for that line (its first
//! parse entry, its replay record), in about a byte a line instead of four.
//!
//! The ids are indices into lists that only grow, so a line's id is never
//! below an id given before it: each block of [`BLOCK`] lines keeps the
//! first id given in it, and each line its distance from that in a byte.
//! A distance that doesn't fit (a long macro expansion or include between
//! two lines of a block) is kept aside.

use rustc_hash::FxHashMap;

use crate::source::FileId;

/// Lines that share a base id.
const BLOCK: usize = 64;
/// A line with no id.
const NONE: u8 = u8::MAX;
/// A line whose id is in [`LineIds::aside`].
const ASIDE: u8 = u8::MAX - 1;
/// A block with no id yet.
const NO_BASE: u32 = u32::MAX;

#[derive(Default)]
pub struct LineIds {
    /// Per file: where its lines are in `near` and its blocks in `base`.
    /// Every file's tables in two vectors, not two per file: a macro
    /// expansion is a file of a few lines, and thousands are kept.
    files: Vec<FileIds>,
    /// Per line: its id less its block's base, or [`NONE`], or [`ASIDE`].
    near: Vec<u8>,
    /// Per block: the first id given in it (the least), or [`NO_BASE`].
    base: Vec<u32>,
    aside: FxHashMap<(FileId, u32), u32>,
}

/// A file's lines in [`LineIds::near`] (from `near`, `lines` of them) and
/// its blocks in [`LineIds::base`] (from `base`); no lines yet: none.
#[derive(Clone, Copy, Default)]
struct FileIds {
    near: u32,
    lines: u32,
    base: u32,
}

impl LineIds {
    /// The id of `line` of `file`, if it has one.
    #[inline(always)]
    pub fn get(&self, file: FileId, line: u32) -> Option<u32> {
        let f = self.files.get(file as usize)?;
        if line >= f.lines {
            return None;
        }
        match self.near[(f.near + line) as usize] {
            d if d < ASIDE => Some(self.base[(f.base + line / BLOCK as u32) as usize] + d as u32),
            NONE => None,
            _ => self.aside_id(file, line),
        }
    }

    /// An id kept aside: rare, out of line, so that [`LineIds::get`] stays
    /// small enough to inline where a line's record is looked up.
    #[cold]
    #[inline(never)]
    fn aside_id(&self, file: FileId, line: u32) -> Option<u32> {
        self.aside.get(&(file, line)).copied()
    }

    /// How many lines of `file` the table has room for.
    pub fn lines(&self, file: FileId) -> usize {
        self.files
            .get(file as usize)
            .map_or(0, |f| f.lines as usize)
    }

    /// Give `line` of `file` (a text of `lines` lines) the id `id` if it has
    /// none yet (false: it had one). `id` is no less than any id given
    /// before. The table is sized to the file once, not grown by doubling.
    #[inline(always)]
    pub fn set(&mut self, file: FileId, lines: usize, line: u32, id: u32) -> bool {
        let Some(&f) = self.files.get(file as usize).filter(|f| line < f.lines) else {
            return self.set_new(file, lines, line, id);
        };
        let near = &mut self.near[(f.near + line) as usize];
        if *near != NONE {
            return false;
        }
        let base = &mut self.base[(f.base + line / BLOCK as u32) as usize];
        if *base == NO_BASE {
            *base = id;
        }
        match id.checked_sub(*base) {
            Some(d) if d < ASIDE as u32 => *near = d as u8,
            _ => {
                *near = ASIDE;
                self.aside.insert((file, line), id);
            }
        }
        true
    }

    /// `line` of `file` has no id any more, as before its first (false:
    /// it has none, or one kept aside, which stays). Its block's base
    /// stays: the next id given is no less than the one taken back.
    pub fn clear(&mut self, file: FileId, line: u32) -> bool {
        let Some(f) = self.files.get(file as usize).filter(|f| line < f.lines) else {
            return false;
        };
        let d = &mut self.near[(f.near + line) as usize];
        if *d < ASIDE {
            *d = NONE;
            return true;
        }
        false
    }

    /// [`LineIds::set`] for a line beyond the file's table: it is made (or
    /// made longer: moved to the end of the vectors unless it is last).
    #[cold]
    fn set_new(&mut self, file: FileId, lines: usize, line: u32, id: u32) -> bool {
        let fi = file as usize;
        if self.files.len() <= fi {
            self.files.resize(fi + 1, FileIds::default());
        }
        let f = self.files[fi];
        let n = lines.max(line as usize + 1);
        let (had, blocks) = (f.lines as usize, (f.lines as usize).div_ceil(BLOCK));
        self.files[fi] = FileIds {
            near: grown(&mut self.near, f.near, had, n, NONE),
            lines: n as u32,
            base: grown(&mut self.base, f.base, blocks, n.div_ceil(BLOCK), NO_BASE),
        };
        self.set(file, lines, line, id)
    }
}

/// A table of `len` entries at `start` of `v`, made `new_len` long (the
/// new entries `fill`): in place when it is the last one, else copied to
/// the end. Where it is now.
fn grown<T: Copy>(v: &mut Vec<T>, start: u32, len: usize, new_len: usize, fill: T) -> u32 {
    let start = start as usize;
    let at = if start + len == v.len() {
        start
    } else {
        v.extend_from_within(start..start + len);
        v.len() - len
    };
    v.resize(at + new_len, fill);
    at as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every id given comes back, in whatever order lines get them, with
    /// gaps of every size between them (the ones a byte can't hold kept
    /// aside), over several files.
    #[test]
    fn ids_come_back_as_given() {
        let mut ids = LineIds::default();
        let mut given = std::collections::HashMap::new();
        let mut next = 0u32;
        // Lines visited out of order (a loop's, a skipped `.if`'s later),
        // and gaps from other files' ids in between.
        let order: Vec<u32> = (0..300).rev().step_by(7).chain(0..300).collect();
        for (i, &line) in order.iter().enumerate() {
            let file = (i % 3) as FileId;
            next += [1, 0, 5, 250, 253, 254, 1000][i % 7];
            if given.contains_key(&(file, line)) {
                continue;
            }
            assert_eq!(ids.get(file, line), None);
            assert!(ids.set(file, 200, line, next));
            assert!(!ids.set(file, 200, line, next + 1));
            given.insert((file, line), next);
        }
        for file in 0..4 {
            for line in 0..310 {
                assert_eq!(ids.get(file, line), given.get(&(file, line)).copied());
            }
        }
        assert!(!ids.aside.is_empty());
        assert_eq!(ids.lines(0), 300);
        // An id taken back is given again; one kept aside stays.
        let (&(file, line), &last) = given
            .iter()
            .filter(|(key, _)| !ids.aside.contains_key(key))
            .max_by_key(|&(_, &id)| id)
            .unwrap();
        assert!(ids.clear(file, line));
        assert_eq!(ids.get(file, line), None);
        assert!(!ids.clear(file, line));
        assert!(ids.set(file, 200, line, last));
        assert_eq!(ids.get(file, line), Some(last));
        let &(afile, aline) = ids.aside.keys().next().unwrap();
        assert!(!ids.clear(afile, aline));
        assert!(ids.get(afile, aline).is_some());
        assert!(!ids.clear(9, 0));
        assert_eq!(ids.lines(3), 0);
    }
}
