//! Profiles: where the cycles go, per routine, along the JSR/RTS call stack.
//!
//! The [`Profiler`] watches every instruction (an [`Observer`]) and keeps a call tree:
//! a JSR that lands on its target opens a frame, and a frame closes when the stack
//! pointer rises above where it was at the routine's entry (an RTS, or a routine that
//! drops its return address and jumps on). Every cycle between two instructions belongs
//! to the frame that was running, so the cycles of all frames add up to the run's. A
//! JSR to a routine the stub KERNAL runs natively (CHROUT...) counts as a call of that
//! routine, charged everything after the JSR's own 6 cycles. An interrupt that runs
//! 6502 code (the user's ROMs) opens a frame named by its handler.
//!
//! Output: folded stacks (`main;moveCat;evaluate 1234`, the input of flamegraph tools),
//! an SVG flamegraph (the `inferno` crate), and a table per routine.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::{Arc, Mutex};

use c64emu::{Machine, Observer};

use crate::Error;
use crate::opcodes;

const JSR_CYCLES: u64 = 6;
const IRQ_VECTOR: u16 = 0xFFFE;
const NMI_VECTOR: u16 = 0xFFFA;

#[derive(Clone, Debug)]
struct Node {
    addr: u16,
    parent: usize,
    children: Vec<usize>,
    calls: u64,
    self_cycles: u64,
}

#[derive(Clone, Debug)]
struct Tree {
    nodes: Vec<Node>,
    /// Cycle count at the start and at the last instruction seen.
    start: u64,
    last: u64,
    /// The frame running at the last instruction.
    top: usize,
}

impl Tree {
    fn child(&mut self, parent: usize, addr: u16) -> usize {
        if let Some(&c) = self.nodes[parent]
            .children
            .iter()
            .find(|&&c| self.nodes[c].addr == addr)
        {
            return c;
        }
        self.nodes.push(Node {
            addr,
            parent,
            children: Vec::new(),
            calls: 0,
            self_cycles: 0,
        });
        let c = self.nodes.len() - 1;
        self.nodes[parent].children.push(c);
        c
    }
}

/// Watches one machine; its call tree is handed to the [`ProfileHandle`] when it is
/// dropped (take it off the machine with `set_observer(None)`).
pub struct Profiler {
    tree: Option<Tree>,
    /// (node, stack pointer at the routine's entry).
    stack: Vec<(usize, u8)>,
    root: Option<u16>,
    start: u64,
    last_sp: u8,
    after_jsr: Option<u16>,
    done: Arc<Mutex<Option<Tree>>>,
}

/// Where a [`Profiler`] leaves its tree.
#[derive(Clone)]
pub struct ProfileHandle {
    done: Arc<Mutex<Option<Tree>>>,
}

impl Profiler {
    /// A profiler whose outermost routine is `root` (None: the first instruction's
    /// address), counting cycles from `start` (the machine's cycle count now, or
    /// before a call's JSR).
    pub fn new(root: Option<u16>, start: u64) -> (Box<Profiler>, ProfileHandle) {
        let done = Arc::new(Mutex::new(None));
        let p = Profiler {
            tree: None,
            stack: Vec::new(),
            root,
            start,
            last_sp: 0,
            after_jsr: None,
            done: done.clone(),
        };
        (Box::new(p), ProfileHandle { done })
    }
}

impl Observer for Profiler {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        let now = m.cpu_cycles();
        let sp = m.regs().sp;
        let tree = self.tree.get_or_insert_with(|| {
            self.stack.push((0, sp));
            Tree {
                nodes: vec![Node {
                    addr: self.root.unwrap_or(pc),
                    parent: 0,
                    children: Vec::new(),
                    calls: 1,
                    self_cycles: 0,
                }],
                start: self.start,
                last: self.start,
                top: 0,
            }
        });
        let delta = now.saturating_sub(tree.last);
        tree.last = now;
        let top = self.stack.last().map_or(0, |f| f.0);
        match self.after_jsr.take() {
            Some(target) if pc != target => {
                // A routine that ran natively: everything after the JSR is its.
                let own = delta.min(JSR_CYCLES);
                tree.nodes[top].self_cycles += own;
                let c = tree.child(top, target);
                tree.nodes[c].calls += 1;
                tree.nodes[c].self_cycles += delta - own;
            }
            Some(target) => {
                tree.nodes[top].self_cycles += delta;
                let c = tree.child(top, target);
                tree.nodes[c].calls += 1;
                self.stack.push((c, sp));
            }
            None => {
                tree.nodes[top].self_cycles += delta;
                while self.stack.len() > 1 && self.stack.last().is_some_and(|f| sp > f.1) {
                    self.stack.pop();
                }
                if sp == self.last_sp.wrapping_sub(3) {
                    let vector = |v: u16| {
                        u16::from_le_bytes([m.peek_banked(v), m.peek_banked(v.wrapping_add(1))])
                    };
                    if pc == vector(IRQ_VECTOR) || pc == vector(NMI_VECTOR) {
                        let top = self.stack.last().map_or(0, |f| f.0);
                        let c = tree.child(top, pc);
                        tree.nodes[c].calls += 1;
                        self.stack.push((c, sp));
                    }
                }
            }
        }
        tree.top = self.stack.last().map_or(0, |f| f.0);
        self.last_sp = sp;
        if m.peek_banked(pc) == opcodes::JSR {
            self.after_jsr = Some(u16::from_le_bytes([
                m.peek_banked(pc.wrapping_add(1)),
                m.peek_banked(pc.wrapping_add(2)),
            ]));
        }
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        // A cloned machine is profiled on its own, from where the clone starts.
        let (p, _) = Profiler::new(self.root, self.tree.as_ref().map_or(self.start, |t| t.last));
        p
    }
}

impl Drop for Profiler {
    fn drop(&mut self) {
        if let Some(t) = self.tree.take() {
            *self.done.lock().unwrap_or_else(|p| p.into_inner()) = Some(t);
        }
    }
}

impl ProfileHandle {
    /// The profile, once the profiler is off the machine, with the cycles up to `end`
    /// (the machine's cycle count when the run stopped) and routines named by `name`.
    pub fn finish(&self, end: u64, name: impl Fn(u16) -> String) -> Profile {
        let tree = self.done.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(mut tree) = tree else {
            return Profile::default();
        };
        let top = tree.top;
        tree.nodes[top].self_cycles += end.saturating_sub(tree.last);
        let names = tree.nodes.iter().map(|n| name(n.addr)).collect();
        Profile {
            total: end.saturating_sub(tree.start),
            nodes: tree.nodes,
            names,
        }
    }
}

/// A finished profile: the call tree with cycles.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    nodes: Vec<Node>,
    names: Vec<String>,
    total: u64,
}

/// One routine's line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutineStats {
    /// The routine's name, from the namer given to [`ProfileHandle::finish`]
    /// (a label, `label+offset` or `$C000`).
    pub name: String,
    /// Times it was called (entered by JSR, or the profile's outermost routine).
    pub calls: u64,
    /// Cycles spent in its own instructions.
    pub self_cycles: u64,
    /// Cycles from its calls to their returns, callees included (recursion counted once).
    pub total_cycles: u64,
}

impl Profile {
    /// Several profiles as one: each part's call tree under a frame named by the part
    /// (a test's name), all under a frame named `root`.
    pub fn combine(root: &str, parts: Vec<(String, Profile)>) -> Profile {
        let frame = |parent| Node {
            addr: 0,
            parent,
            children: Vec::new(),
            calls: 1,
            self_cycles: 0,
        };
        let mut out = Profile {
            nodes: vec![frame(0)],
            names: vec![root.to_string()],
            total: 0,
        };
        for (name, p) in parts {
            if p.nodes.is_empty() {
                continue;
            }
            let part = out.nodes.len();
            out.nodes.push(frame(0));
            out.names.push(name);
            out.nodes[0].children.push(part);
            let base = out.nodes.len();
            out.nodes[part].children.push(base);
            for (i, n) in p.nodes.iter().enumerate() {
                out.nodes.push(Node {
                    addr: n.addr,
                    parent: if i == 0 { part } else { base + n.parent },
                    children: n.children.iter().map(|c| base + c).collect(),
                    calls: n.calls,
                    self_cycles: n.self_cycles,
                });
            }
            out.names.extend(p.names);
            out.total += p.total;
        }
        out
    }

    /// Cycles the profile covers (they are all in some routine).
    pub fn total_cycles(&self) -> u64 {
        self.total
    }

    fn path(&self, mut i: usize) -> Vec<usize> {
        let mut p = vec![i];
        while i != 0 {
            i = self.nodes[i].parent;
            p.push(i);
        }
        p.reverse();
        p
    }

    /// Folded stacks: `outer;inner;innermost CYCLES` per call path with cycles of its
    /// own, sorted (the format of flamegraph.pl, inferno and speedscope).
    pub fn folded(&self) -> String {
        let mut lines: Vec<String> = (0..self.nodes.len())
            .filter(|&i| self.nodes[i].self_cycles > 0)
            .map(|i| {
                let stack: Vec<&str> = self
                    .path(i)
                    .iter()
                    .map(|&n| self.names[n].as_str())
                    .collect();
                format!("{} {}", stack.join(";"), self.nodes[i].self_cycles)
            })
            .collect();
        lines.sort();
        let mut out = lines.join("\n");
        if !out.is_empty() {
            out.push('\n');
        }
        out
    }

    /// Per routine: calls, self and total cycles, most total cycles first.
    pub fn routines(&self) -> Vec<RoutineStats> {
        let mut by_name: HashMap<&str, RoutineStats> = HashMap::new();
        let mut subtotal = vec![0u64; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            subtotal[i] += self.nodes[i].self_cycles;
            if i != 0 {
                let p = self.nodes[i].parent;
                subtotal[p] += subtotal[i];
            }
        }
        for (i, n) in self.nodes.iter().enumerate() {
            let name = self.names[i].as_str();
            let recursive = self.path(i)[..self.path(i).len() - 1]
                .iter()
                .any(|&a| self.names[a] == name);
            let s = by_name.entry(name).or_insert_with(|| RoutineStats {
                name: name.to_string(),
                calls: 0,
                self_cycles: 0,
                total_cycles: 0,
            });
            s.calls += n.calls;
            s.self_cycles += n.self_cycles;
            if !recursive {
                s.total_cycles += subtotal[i];
            }
        }
        let mut out: Vec<RoutineStats> = by_name.into_values().collect();
        out.sort_by(|a, b| {
            b.total_cycles
                .cmp(&a.total_cycles)
                .then(b.self_cycles.cmp(&a.self_cycles))
                .then(a.name.cmp(&b.name))
        });
        out
    }

    /// The table `--profile -` prints: routine, calls, self cycles, total cycles, % of
    /// the run (total).
    pub fn table(&self) -> String {
        let rows = self.routines();
        let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(7);
        let mut out = format!(
            "{:<width$}  {:>10}  {:>12}  {:>12}  {:>6}\n",
            "routine", "calls", "self cycles", "total cycles", "% run"
        );
        for r in rows {
            let pct = if self.total == 0 {
                0.0
            } else {
                100.0 * r.total_cycles as f64 / self.total as f64
            };
            let _ = writeln!(
                out,
                "{:<width$}  {:>10}  {:>12}  {:>12}  {:>6.2}",
                r.name, r.calls, r.self_cycles, r.total_cycles, pct
            );
        }
        let _ = writeln!(out, "{} cycles in all", self.total);
        out
    }

    /// An SVG flamegraph of the folded stacks. A profile with no stacks (nothing ran
    /// while it recorded) is an empty graph: the title and a line that says so.
    pub fn flamegraph(&self, title: &str, mut out: impl Write) -> Result<(), Error> {
        let folded = self.folded();
        if folded.trim().is_empty() {
            return write!(out, "{}", empty_flamegraph(title))
                .map_err(|e| Error::Io(format!("flamegraph: {e}")));
        }
        let mut opts = inferno::flamegraph::Options::default();
        opts.title = title.to_string();
        opts.count_name = "cycles".to_string();
        // Colours from the names, so the same profile gives the same file.
        opts.hash = true;
        opts.deterministic = true;
        inferno::flamegraph::from_lines(&mut opts, folded.lines(), out)
            .map_err(|e| Error::Io(format!("flamegraph: {e}")))
    }
}

/// The SVG of a flamegraph without stacks, as wide as inferno's.
fn empty_flamegraph(title: &str) -> String {
    let title = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        concat!(
            "<?xml version=\"1.0\" standalone=\"no\"?>\n",
            "<svg version=\"1.1\" width=\"1200\" height=\"70\" viewBox=\"0 0 1200 70\" ",
            "xmlns=\"http://www.w3.org/2000/svg\">\n",
            "<text x=\"600\" y=\"24\" text-anchor=\"middle\" font-size=\"17\">{}</text>\n",
            "<text x=\"600\" y=\"52\" text-anchor=\"middle\" font-size=\"12\">",
            "no stacks: nothing ran while the profile recorded</text>\n",
            "</svg>\n"
        ),
        title
    )
}
