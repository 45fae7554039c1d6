//! Breakpoints: where they are (source lines, labels, addresses; data breakpoints on
//! memory and I/O registers; raster lines), and whether one stops the machine when it
//! is reached (condition, hit count, logpoint).

use std::collections::HashMap;

use c64emu::{Access, Regs, Watch, WatchHit};

use crate::expr;

/// What set a breakpoint (each DAP request replaces its own kind's set).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// `setBreakpoints` for this file (an index into the program's files, or a path
    /// the program does not have).
    Source(String),
    /// `setFunctionBreakpoints`.
    Function,
    /// `setInstructionBreakpoints`.
    Instruction,
    /// `setDataBreakpoints`.
    Data,
}

/// What reaches a breakpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The PC at one of these addresses (a line with code in several places has
    /// several); none when the breakpoint was not placed.
    Pc(Vec<u16>),
    /// The CPU reading (`read`) or writing (`write`) `addr`: the machine's watch sees
    /// it, and the stop is after the instruction.
    Data {
        /// The address (RAM, ROM or an I/O register).
        addr: u16,
        /// Reads stop.
        read: bool,
        /// Writes stop.
        write: bool,
    },
    /// The VIC-II's raster reaching this line (at its first cycle; the stop is at the
    /// first instruction boundary at or after it).
    Raster(u16),
}

impl Trigger {
    /// Is `hit` this data breakpoint's access?
    fn sees(&self, hit: &WatchHit) -> bool {
        match *self {
            Trigger::Data { addr, read, write } => {
                addr == hit.addr
                    && match hit.access {
                        Access::Read => read,
                        Access::Write => write,
                        Access::Exec => false,
                    }
            }
            _ => false,
        }
    }
}

/// One breakpoint as the client set it.
#[derive(Clone, Debug)]
pub struct Breakpoint {
    /// The id the client knows it by.
    pub id: u64,
    /// What reaches it.
    pub trigger: Trigger,
    /// A 64tass expression that must be true (not zero).
    pub condition: Option<String>,
    /// When the hit count allows a stop: `5`, `>= 5`, `% 3`, ...
    pub hit_condition: Option<String>,
    /// A logpoint's message: printed, and the machine goes on.
    pub log_message: Option<String>,
    /// How often the PC reached it with its condition true.
    pub hits: u64,
}

impl Breakpoint {
    /// It is reached: its condition, then its hit count (counting the hit), then its
    /// log message decide what it does.
    pub fn reach(&mut self, regs: &Regs, labels: &[(String, u16)]) -> Action {
        let why = match &self.condition {
            None => None,
            Some(c) => match expr::holds(c, regs, labels) {
                Ok(true) => None,
                Ok(false) => return Action::Pass,
                Err(e) => Some(format!("breakpoint condition {c}: {e}")),
            },
        };
        self.hits += 1;
        if why.is_none() && !hit_allows(self.hit_condition.as_deref(), self.hits) {
            return Action::Pass;
        }
        match (&self.log_message, why) {
            (Some(msg), None) => Action::Log(expr::interpolate(msg, regs, labels)),
            (_, why) => Action::Stop(why),
        }
    }
}

/// What a breakpoint does when it is reached.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    /// Go on.
    Pass,
    /// Print this and go on.
    Log(String),
    /// Stop; the text says why when the condition could not be evaluated.
    Stop(Option<String>),
}

/// Every breakpoint, and a map from address to breakpoints.
#[derive(Default)]
pub struct Breakpoints {
    sets: HashMap<Origin, Vec<Breakpoint>>,
    at: HashMap<u16, Vec<(Origin, usize)>>,
    armed: Vec<bool>,
    next_id: u64,
}

impl Breakpoints {
    /// A new id for a breakpoint.
    pub fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Replace the breakpoints of one kind (or one file).
    pub fn replace(&mut self, origin: Origin, set: Vec<Breakpoint>) {
        self.sets.insert(origin, set);
        self.at.clear();
        self.armed = vec![false; 0x10000];
        for (o, set) in &self.sets {
            for (i, bp) in set.iter().enumerate() {
                let Trigger::Pc(addrs) = &bp.trigger else {
                    continue;
                };
                for &a in addrs {
                    self.at.entry(a).or_default().push((o.clone(), i));
                    self.armed[usize::from(a)] = true;
                }
            }
        }
    }

    /// Is there a breakpoint at `pc`? (The one check per instruction.)
    #[inline]
    pub fn armed(&self, pc: u16) -> bool {
        self.armed.get(usize::from(pc)).copied().unwrap_or(false)
    }

    /// The PC reached `pc`, which has breakpoints: what now, and which breakpoints stop.
    pub fn reached(
        &mut self,
        pc: u16,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> (Action, Vec<u64>) {
        let list = self.at.get(&pc).cloned().unwrap_or_default();
        self.judge(list, regs, labels)
    }

    /// The watch that the data breakpoints need (None: there are none).
    pub fn watch(&self) -> Option<Watch> {
        let mut w = Watch::new();
        for bp in self.sets.values().flatten() {
            if let Trigger::Data { addr, read, write } = bp.trigger {
                if read {
                    w.add(Access::Read, addr, addr);
                }
                if write {
                    w.add(Access::Write, addr, addr);
                }
            }
        }
        w.watches_memory().then_some(w)
    }

    /// The machine's watch saw `hit` (the instruction that made it has run).
    pub fn data_hit(
        &mut self,
        hit: &WatchHit,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> (Action, Vec<u64>) {
        let list = self.matching(|t| t.sees(hit));
        self.judge(list, regs, labels)
    }

    /// The raster lines that have breakpoints.
    pub fn raster_lines(&self) -> Vec<u16> {
        let mut lines: Vec<u16> = self
            .sets
            .values()
            .flatten()
            .filter_map(|bp| match bp.trigger {
                Trigger::Raster(l) => Some(l),
                _ => None,
            })
            .collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    /// The raster reached `line`, which has breakpoints.
    pub fn raster_reached(
        &mut self,
        line: u16,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> (Action, Vec<u64>) {
        let list = self.matching(|t| *t == Trigger::Raster(line));
        self.judge(list, regs, labels)
    }

    fn matching(&self, want: impl Fn(&Trigger) -> bool) -> Vec<(Origin, usize)> {
        let mut list = Vec::new();
        for (o, set) in &self.sets {
            for (i, bp) in set.iter().enumerate() {
                if want(&bp.trigger) {
                    list.push((o.clone(), i));
                }
            }
        }
        list
    }

    /// Each breakpoint of `list` reached: what now, and which breakpoints stop.
    fn judge(
        &mut self,
        list: Vec<(Origin, usize)>,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> (Action, Vec<u64>) {
        let mut action = Action::Pass;
        let mut ids = Vec::new();
        let mut logs = Vec::new();
        for (origin, i) in list {
            let Some(bp) = self.sets.get_mut(&origin).and_then(|s| s.get_mut(i)) else {
                continue;
            };
            match bp.reach(regs, labels) {
                Action::Pass => {}
                Action::Log(text) => logs.push(text),
                Action::Stop(why) => {
                    ids.push(bp.id);
                    if !matches!(action, Action::Stop(Some(_))) {
                        action = Action::Stop(why);
                    }
                }
            }
        }
        if matches!(action, Action::Pass) && !logs.is_empty() {
            action = Action::Log(logs.join("\n"));
        }
        (action, ids)
    }

    /// The breakpoints at `pc` that stop a run going backward: those whose condition
    /// holds (or cannot be evaluated). Logpoints do not stop, and hit counts count the
    /// forward run only, so they do not apply; nothing is counted here.
    pub fn stop_backward(&self, pc: u16, regs: &Regs, labels: &[(String, u16)]) -> Vec<u64> {
        match self.at.get(&pc) {
            Some(list) => self.backward(list, regs, labels),
            None => Vec::new(),
        }
    }

    /// The data breakpoints that `hit` stops going backward (as [`Self::stop_backward`]).
    pub fn data_stop_backward(
        &self,
        hit: &WatchHit,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> Vec<u64> {
        let list = self.matching(|t| t.sees(hit));
        self.backward(&list, regs, labels)
    }

    /// The raster breakpoints on `line` that stop going backward.
    pub fn raster_stop_backward(
        &self,
        line: u16,
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> Vec<u64> {
        let list = self.matching(|t| *t == Trigger::Raster(line));
        self.backward(&list, regs, labels)
    }

    fn backward(
        &self,
        list: &[(Origin, usize)],
        regs: &Regs,
        labels: &[(String, u16)],
    ) -> Vec<u64> {
        list.iter()
            .filter_map(|(origin, i)| self.sets.get(origin)?.get(*i))
            .filter(|bp| bp.log_message.is_none())
            .filter(|bp| match &bp.condition {
                None => true,
                Some(c) => expr::holds(c, regs, labels).unwrap_or(true),
            })
            .map(|bp| bp.id)
            .collect()
    }
}

/// Does the hit count `n` pass a DAP hit condition? A plain number N stops at the Nth
/// hit and after; `==`, `>`, `>=`, `<`, `<=` compare, `%N` stops at every Nth.
pub fn hit_allows(cond: Option<&str>, n: u64) -> bool {
    let Some(c) = cond.map(str::trim).filter(|c| !c.is_empty()) else {
        return true;
    };
    match parse_hit(c) {
        Some((op, k)) => match op {
            "==" | "=" => n == k,
            ">" => n > k,
            ">=" | "" => n >= k,
            "<" => n < k,
            "<=" => n <= k,
            "%" => k != 0 && n.is_multiple_of(k),
            _ => true,
        },
        None => true,
    }
}

/// `>= 5` as (">=", 5); None when it is not a hit condition.
pub fn parse_hit(c: &str) -> Option<(&str, u64)> {
    let c = c.trim();
    let split = c.find(|ch: char| ch.is_ascii_digit())?;
    let (op, num) = c.split_at(split);
    let op = op.trim();
    if !["", "==", "=", ">", ">=", "<", "<=", "%"].contains(&op) {
        return None;
    }
    num.trim().parse().ok().map(|k| (op, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_conditions() {
        let stops: Vec<u64> = (1..=7).filter(|&n| hit_allows(Some("% 3"), n)).collect();
        assert_eq!(stops, [3, 6]);
        assert!(!hit_allows(Some("4"), 3) && hit_allows(Some("4"), 4) && hit_allows(Some("4"), 5));
        assert!(hit_allows(Some("== 2"), 2) && !hit_allows(Some("== 2"), 3));
        assert_eq!(parse_hit("x > 2"), None);
    }

    fn bp(id: u64, trigger: Trigger, condition: Option<&str>) -> Breakpoint {
        Breakpoint {
            id,
            trigger,
            condition: condition.map(String::from),
            hit_condition: None,
            log_message: None,
            hits: 0,
        }
    }

    #[test]
    fn data_and_raster_breakpoints() {
        let mut b = Breakpoints::default();
        assert!(b.watch().is_none());
        let data = |addr, read, write| Trigger::Data { addr, read, write };
        b.replace(
            Origin::Data,
            vec![
                bp(1, data(0xD020, false, true), None),
                bp(2, data(0xD020, true, true), Some("a == 6")),
                bp(3, data(0xC000, true, false), None),
            ],
        );
        b.replace(Origin::Function, vec![bp(4, Trigger::Raster(100), None)]);
        let w = b.watch().unwrap();
        assert!(w.has(Access::Write, 0xD020) && w.has(Access::Read, 0xD020));
        assert!(w.has(Access::Read, 0xC000) && !w.has(Access::Write, 0xC000));
        assert!(!b.armed(0xD020), "no PC breakpoint there");
        let regs = Regs {
            a: 6,
            x: 0,
            y: 0,
            sp: 0xff,
            pc: 0xC003,
            p: 0x20,
        };
        let hit = |access, addr| WatchHit {
            access,
            addr,
            value: 6,
            pc: 0xC000,
        };
        let (action, ids) = b.data_hit(&hit(Access::Write, 0xD020), &regs, &[]);
        assert_eq!((action, ids), (Action::Stop(None), vec![1, 2]));
        let (_, ids) = b.data_hit(&hit(Access::Read, 0xD020), &regs, &[]);
        assert_eq!(ids, [2]);
        let (action, _) = b.data_hit(&hit(Access::Write, 0xC000), &regs, &[]);
        assert_eq!(action, Action::Pass);
        let other = Regs { a: 5, ..regs };
        assert_eq!(
            b.data_stop_backward(&hit(Access::Read, 0xD020), &other, &[]),
            Vec::<u64>::new()
        );
        assert_eq!(b.raster_lines(), [100]);
        assert_eq!(b.raster_reached(100, &regs, &[]).1, [4]);
        assert_eq!(b.raster_stop_backward(100, &regs, &[]), [4]);
    }
}
