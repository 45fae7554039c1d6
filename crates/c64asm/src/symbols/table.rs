//! The named labels of strength 0 by namespace and name: an open-addressing
//! table whose entries hold their whole key and value (12 bytes, five a
//! cache line), so that a look-up that finds its label usually reads one
//! cache line of the table, where a general hash map reads its tags and then
//! the entry elsewhere. Every symbol read and every labelled line of every
//! pass comes here; on a large source the table is far bigger than the
//! caches.

/// No label in this slot.
const FREE: u32 = u32::MAX;

/// A key (namespace, name) and its label; `id` is [`FREE`] in an empty slot.
#[derive(Clone, Copy)]
struct Slot {
    ns: u32,
    name: u32,
    id: u32,
}

const EMPTY: Slot = Slot {
    ns: 0,
    name: 0,
    id: FREE,
};

pub(super) struct NameTable {
    /// A power of two long, at most three quarters used.
    slots: Vec<Slot>,
    len: usize,
    /// 64 less the log2 of the slots' count.
    shift: u32,
}

impl Default for NameTable {
    fn default() -> Self {
        NameTable {
            slots: vec![EMPTY; 16],
            len: 0,
            shift: 60,
        }
    }
}

impl NameTable {
    #[inline]
    fn home(&self, ns: u32, name: u32) -> usize {
        crate::pair_hash::home(ns, name, self.shift)
    }

    /// The label of `name` in `ns`.
    #[inline]
    pub fn get(&self, ns: u32, name: u32) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(ns, name);
        loop {
            let s = self.slots[i];
            if s.id == FREE {
                return None;
            }
            if s.name == name && s.ns == ns {
                return Some(s.id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `name` of `ns` as `id` (not [`FREE`]); the key must not be in
    /// the table yet (its caller looked it up first).
    pub fn insert(&mut self, ns: u32, name: u32, id: u32) {
        debug_assert!(id != FREE && self.get(ns, name).is_none());
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        self.place(Slot { ns, name, id });
        self.len += 1;
    }

    fn place(&mut self, slot: Slot) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot.ns, slot.name);
        while self.slots[i].id != FREE {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }

    #[cold]
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        self.shift -= 1;
        for s in old.into_iter().filter(|s| s.id != FREE) {
            self.place(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The table answers what a hash map of the same insertions answers,
    /// through its growths, for keys that differ in the namespace only, in
    /// the name only, and for keys never added (among them the keys of a
    /// free slot's zeroes and of the largest values).
    #[test]
    fn the_table_answers_as_a_map() {
        let mut t = NameTable::default();
        let mut m: HashMap<(u32, u32), u32> = HashMap::new();
        let mut x: u64 = 0x1234_5678;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..40_000u32 {
            let r = next();
            // Few namespaces and many names, as a source has: the global
            // scope most, a neighbourhood of both, and the largest values.
            let ns = match r % 8 {
                0..=3 => 0,
                4 | 5 => (r >> 8) as u32 % 64,
                6 => (r >> 8) as u32 % 5_000,
                _ => u32::MAX - (r >> 8) as u32 % 3,
            };
            let name = match (r >> 24) % 4 {
                0 => round,
                1 => (r >> 32) as u32 % 300,
                2 => u32::MAX - (r >> 32) as u32 % 3,
                _ => (r >> 32) as u32,
            };
            if !m.contains_key(&(ns, name)) {
                assert_eq!(t.get(ns, name), None, "{ns} {name} before it was added");
                let id = m.len() as u32 * 7 % (FREE - 1);
                t.insert(ns, name, id);
                m.insert((ns, name), id);
            }
            // A key read back, and its neighbours in either part.
            for (a, b) in [
                (ns, name),
                (ns.wrapping_add(1), name),
                (ns, name.wrapping_add(1)),
                (ns.wrapping_sub(1), name.wrapping_sub(1)),
                (name, ns),
                (0, 0),
            ] {
                assert_eq!(t.get(a, b), m.get(&(a, b)).copied(), "{a} {b}");
            }
        }
        assert!(t.len * 4 <= t.slots.len() * 3);
        assert_eq!(t.len, m.len());
        for (&(ns, name), &id) in &m {
            assert_eq!(t.get(ns, name), Some(id));
        }
    }

    /// Keys that all want the same slot (the home index is the same) are
    /// kept one after another and each found, the probe wrapping round the
    /// table's end.
    #[test]
    fn colliding_keys_are_each_found() {
        let mut t = NameTable::default();
        let home_of_last = t.slots.len() - 1;
        let mut keys = Vec::new();
        for name in 0..u32::MAX {
            if t.home(3, name) == home_of_last {
                keys.push(name);
                if keys.len() == 6 {
                    break;
                }
            }
        }
        for (i, &name) in keys.iter().enumerate() {
            t.insert(3, name, i as u32);
        }
        assert_eq!(t.slots.len(), 16, "no growth yet");
        for (i, &name) in keys.iter().enumerate() {
            assert_eq!(t.get(3, name), Some(i as u32));
            assert_eq!(t.get(4, name), None);
        }
    }
}
