//! Breakpoints: where they are (source lines, labels, addresses), and whether one
//! stops the machine when the PC reaches it (condition, hit count, logpoint).

use std::collections::HashMap;

use c64emu::Regs;

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
}

/// One breakpoint as the client set it.
#[derive(Clone, Debug)]
pub struct Breakpoint {
    /// The id the client knows it by.
    pub id: u64,
    /// The addresses it stops at (a line with code in several places has several).
    pub addrs: Vec<u16>,
    /// A 64tass expression that must be true (not zero).
    pub condition: Option<String>,
    /// When the hit count allows a stop: `5`, `>= 5`, `% 3`, ...
    pub hit_condition: Option<String>,
    /// A logpoint's message: printed, and the machine goes on.
    pub log_message: Option<String>,
    /// How often the PC reached it with its condition true.
    pub hits: u64,
}

/// What a breakpoint does when the PC reaches it.
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
                for &a in &bp.addrs {
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
        let Some(list) = self.at.get(&pc) else {
            return (Action::Pass, Vec::new());
        };
        let mut action = Action::Pass;
        let mut ids = Vec::new();
        let mut logs = Vec::new();
        for (origin, i) in list.clone() {
            let Some(bp) = self.sets.get_mut(&origin).and_then(|s| s.get_mut(i)) else {
                continue;
            };
            let why = match &bp.condition {
                None => None,
                Some(c) => match expr::holds(c, regs, labels) {
                    Ok(true) => None,
                    Ok(false) => continue,
                    Err(e) => Some(format!("breakpoint condition {c}: {e}")),
                },
            };
            bp.hits += 1;
            if why.is_none() && !hit_allows(bp.hit_condition.as_deref(), bp.hits) {
                continue;
            }
            if let (Some(msg), None) = (&bp.log_message, &why) {
                logs.push(expr::interpolate(msg, regs, labels));
                continue;
            }
            ids.push(bp.id);
            if !matches!(action, Action::Stop(Some(_))) {
                action = Action::Stop(why);
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
        let Some(list) = self.at.get(&pc) else {
            return Vec::new();
        };
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
}
