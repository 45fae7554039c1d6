//! The checkpoint table: VICE's breakpoints (exec), watchpoints (load, store) and
//! tracepoints (no stop), numbered from 1, with hit and ignore counts, temporary ones
//! deleted once hit, and conditions.

use crate::cond::{Env, Expr};

/// Which CPU operations a checkpoint watches (bits: load 1, store 2, exec 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op(pub u8);

impl Op {
    /// A read.
    pub const LOAD: Op = Op(1);
    /// A write.
    pub const STORE: Op = Op(2);
    /// An instruction fetched for execution.
    pub const EXEC: Op = Op(4);

    /// Does this set include `other`'s operations?
    pub fn has(self, other: Op) -> bool {
        self.0 & other.0 != 0
    }
}

/// One checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// Its number (from 1).
    pub number: u32,
    /// First address.
    pub start: u16,
    /// Last address (inclusive).
    pub end: u16,
    /// Stop the machine when hit (otherwise only report).
    pub stop: bool,
    /// Enabled.
    pub enabled: bool,
    /// Operations watched.
    pub op: Op,
    /// Deleted after its first hit.
    pub temporary: bool,
    /// Times hit.
    pub hits: u32,
    /// Hits still to ignore.
    pub ignore: u32,
    /// Condition that must hold for a hit.
    pub condition: Option<Expr>,
    /// The memspace byte it was set for.
    pub memspace: u8,
}

impl Checkpoint {
    /// Is `addr` in its range?
    pub fn covers(&self, addr: u16) -> bool {
        (self.start..=self.end).contains(&addr)
    }
}

/// All checkpoints.
#[derive(Debug)]
pub struct Checkpoints {
    list: Vec<Checkpoint>,
    next: u32,
}

impl Default for Checkpoints {
    fn default() -> Checkpoints {
        Checkpoints {
            list: Vec::new(),
            next: 1,
        }
    }
}

/// A checkpoint that an access hit: its state after the hit (a temporary one is gone
/// from the table by then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The checkpoint.
    pub checkpoint: Checkpoint,
}

impl Checkpoints {
    /// An empty table.
    pub fn new() -> Checkpoints {
        Checkpoints::default()
    }

    /// Add one (a range given backwards is taken forwards); returns its number.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        start: u16,
        end: u16,
        stop: bool,
        enabled: bool,
        op: Op,
        temporary: bool,
        memspace: u8,
    ) -> u32 {
        let number = self.next;
        self.next += 1;
        self.list.push(Checkpoint {
            number,
            start: start.min(end),
            end: start.max(end),
            stop,
            enabled,
            op,
            temporary,
            hits: 0,
            ignore: 0,
            condition: None,
            memspace,
        });
        number
    }

    /// A checkpoint by number.
    pub fn get(&self, number: u32) -> Option<&Checkpoint> {
        self.list.iter().find(|c| c.number == number)
    }

    fn get_mut(&mut self, number: u32) -> Option<&mut Checkpoint> {
        self.list.iter_mut().find(|c| c.number == number)
    }

    /// Delete one; false if there is none with that number.
    pub fn delete(&mut self, number: u32) -> bool {
        let before = self.list.len();
        self.list.retain(|c| c.number != number);
        self.list.len() != before
    }

    /// Enable or disable one; false if there is none.
    pub fn toggle(&mut self, number: u32, enabled: bool) -> bool {
        self.get_mut(number).map(|c| c.enabled = enabled).is_some()
    }

    /// Set its condition; false if there is none.
    pub fn set_condition(&mut self, number: u32, condition: Expr) -> bool {
        self.get_mut(number)
            .map(|c| c.condition = Some(condition))
            .is_some()
    }

    /// Ignore its next `count` hits; false if there is none.
    pub fn set_ignore(&mut self, number: u32, count: u32) -> bool {
        self.get_mut(number).map(|c| c.ignore = count).is_some()
    }

    /// All of them, in number order.
    pub fn iter(&self) -> impl Iterator<Item = &Checkpoint> {
        self.list.iter()
    }

    /// Are there none?
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The address ranges enabled checkpoints watch for `op`.
    pub fn ranges(&self, op: Op) -> Vec<(u16, u16)> {
        self.list
            .iter()
            .filter(|c| c.enabled && c.op.has(op))
            .map(|c| (c.start, c.end))
            .collect()
    }

    /// An access of kind `op` at `addr` happened: the checkpoints it hits, counted.
    /// A checkpoint whose condition fails is not hit; one with hits to ignore counts
    /// the hit and ignores it; a temporary one is deleted.
    pub fn hit(&mut self, op: Op, addr: u16, env: &dyn Env) -> Vec<Hit> {
        let mut hits = Vec::new();
        for c in &mut self.list {
            if !c.enabled || !c.op.has(op) || !c.covers(addr) {
                continue;
            }
            if let Some(cond) = &c.condition
                && !cond.holds(env)
            {
                continue;
            }
            c.hits = c.hits.saturating_add(1);
            if c.ignore > 0 {
                c.ignore -= 1;
                continue;
            }
            hits.push(Hit {
                checkpoint: c.clone(),
            });
        }
        self.list
            .retain(|c| !(c.temporary && hits.iter().any(|h| h.checkpoint.number == c.number)));
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cond::{self, Reg};

    struct Regs(u16);
    impl Env for Regs {
        fn register(&self, reg: Reg) -> u16 {
            if reg == Reg::A { self.0 } else { 0 }
        }
        fn memory(&self, _: &str, _: u16) -> Option<u8> {
            Some(0)
        }
    }

    #[test]
    fn numbers_start_at_one_and_are_not_reused() {
        let mut t = Checkpoints::new();
        assert_eq!(t.add(0x1000, 0x1000, true, true, Op::EXEC, false, 0), 1);
        assert_eq!(t.add(0x2000, 0x1FF0, true, true, Op::LOAD, false, 0), 2);
        assert_eq!(t.get(2).map(|c| (c.start, c.end)), Some((0x1FF0, 0x2000)));
        assert!(t.delete(1));
        assert!(!t.delete(1));
        assert_eq!(t.add(0, 0, true, true, Op::EXEC, false, 0), 3);
    }

    #[test]
    fn hits_follow_range_op_enable_condition_and_ignore_count() {
        let mut t = Checkpoints::new();
        let n = t.add(0xD020, 0xD021, true, true, Op::STORE, false, 0);
        assert!(t.hit(Op::LOAD, 0xD020, &Regs(0)).is_empty());
        assert!(t.hit(Op::STORE, 0xD022, &Regs(0)).is_empty());
        assert_eq!(t.hit(Op::STORE, 0xD021, &Regs(0)).len(), 1);
        t.set_condition(n, cond::parse("A == 5").unwrap());
        assert!(t.hit(Op::STORE, 0xD020, &Regs(4)).is_empty());
        assert_eq!(t.hit(Op::STORE, 0xD020, &Regs(5)).len(), 1);
        t.set_ignore(n, 2);
        assert!(t.hit(Op::STORE, 0xD020, &Regs(5)).is_empty());
        assert!(t.hit(Op::STORE, 0xD020, &Regs(5)).is_empty());
        let h = t.hit(Op::STORE, 0xD020, &Regs(5));
        assert_eq!(h[0].checkpoint.hits, 5);
        t.toggle(n, false);
        assert!(t.hit(Op::STORE, 0xD020, &Regs(5)).is_empty());
        assert!(t.ranges(Op::STORE).is_empty());
    }

    #[test]
    fn a_temporary_checkpoint_goes_after_its_hit() {
        let mut t = Checkpoints::new();
        let n = t.add(0x0810, 0x0810, true, true, Op::EXEC, true, 0);
        assert_eq!(t.ranges(Op::EXEC), vec![(0x0810, 0x0810)]);
        let h = t.hit(Op::EXEC, 0x0810, &Regs(0));
        assert_eq!(h[0].checkpoint.number, n);
        assert!(t.get(n).is_none());
    }
}
