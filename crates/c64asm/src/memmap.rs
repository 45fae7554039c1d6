//! The memory map (`--map`), as 64tass writes it: the memory of the output's
//! section walked as a tree, a section placed with `.dsection` showing as a
//! `Section:` row (or naming its only `Data:` row) with its own rows under it,
//! `|` and `.--` drawing the nesting, runs of bytes merged as 64tass merges
//! them for display.

use std::fmt::Write;

use crate::output::{Block, MemId, Output};

/// One section's memory: the root (index 0) or a section placed with
/// `.dsection`.
#[derive(Clone, Debug)]
struct Node {
    /// The name as written in its `.section`.
    name: String,
    /// Dotted path from the root (`--output-section`'s argument).
    path: String,
    parent: Option<usize>,
    /// Where the section starts and how large it is (its last extent).
    start: u32,
    size: u32,
    items: Vec<Item>,
}

/// A run of bytes, or a section linked in at `addr` reserving `len` bytes.
#[derive(Clone, Copy, Debug)]
struct Item {
    addr: u32,
    len: u32,
    sub: Option<usize>,
}

/// The sections' memories as 64tass holds them before writing an output.
#[derive(Clone, Debug, Default)]
pub(crate) struct MapTree {
    nodes: Vec<Node>,
}

impl MapTree {
    pub(crate) fn new(out: &Output) -> MapTree {
        let mut tree = MapTree::default();
        tree.add(out, &out.memory_owners(), 0, None, 0);
        tree
    }

    /// Adds the memory `mem` as a node under `parent`, and the sections
    /// linked into it under it.
    fn add(
        &mut self,
        out: &Output,
        owners: &rustc_hash::FxHashMap<MemId, usize>,
        mem: MemId,
        owner: Option<(usize, usize)>,
        depth: u32,
    ) -> usize {
        let mut node = Node {
            name: String::new(),
            path: String::new(),
            parent: None,
            start: 0,
            size: 0,
            items: Vec::new(),
        };
        if let Some((section, parent)) = owner {
            let s = &out.sections[section];
            node.name = s.display.to_string();
            node.path = match &self.nodes[parent].path {
                p if p.is_empty() => node.name.clone(),
                p => format!("{p}.{}", node.name),
            };
            node.parent = Some(parent);
            node.start = out.addr(s.addr).start;
            node.size = s.size;
        }
        let id = self.nodes.len();
        self.nodes.push(node);
        let mut items = Vec::new();
        for b in &out.mems[mem as usize].blocks {
            match *b {
                Block::Data { addr, len, .. } => items.push(Item {
                    addr,
                    len,
                    sub: None,
                }),
                Block::Ref { mem: m, addr, len } if depth < 64 => {
                    let Some(&owner) = owners.get(&m) else {
                        continue;
                    };
                    let sub = self.add(out, owners, m, Some((owner, id)), depth + 1);
                    items.push(Item {
                        addr,
                        len,
                        sub: Some(sub),
                    });
                }
                Block::Ref { .. } => {}
            }
        }
        self.nodes[id].items = items;
        id
    }

    /// The node of a section's dotted path (None: the root).
    pub(crate) fn find(&self, path: Option<&str>, case_sensitive: bool) -> Option<usize> {
        let Some(path) = path else { return Some(0) };
        (1..self.nodes.len()).find(|&n| same_path(&self.nodes[n].path, path, case_sensitive))
    }

    /// The rows of the map of node `top`. The sections of the outputs
    /// written before (`flattened`) have had their memories flattened by
    /// 64tass, children's bytes copied in: they show no sections inside.
    pub(crate) fn render(&self, top: usize, flattened: &[usize], out: &mut String) {
        let mut flat = vec![false; self.nodes.len()];
        for &n in flattened {
            self.mark(n, &mut flat);
        }
        let mut p = Printer {
            tree: self,
            flat,
            top,
            out,
            level: 0,
            max: 0,
            section: None,
        };
        p.max = p.depth(top);
        p.print(top);
    }

    fn mark(&self, n: usize, flat: &mut [bool]) {
        flat[n] = true;
        for it in &self.nodes[n].items {
            if let Some(sub) = it.sub {
                self.mark(sub, flat);
            }
        }
    }
}

/// Section paths compare as symbols do: case-insensitively without `-C`.
pub(crate) fn same_path(a: &str, b: &str, case_sensitive: bool) -> bool {
    match case_sensitive {
        true => a == b,
        false => a.to_lowercase() == b.to_lowercase(),
    }
}

struct Printer<'a> {
    tree: &'a MapTree,
    flat: Vec<bool>,
    /// The output's section: names are written from below it.
    top: usize,
    out: &'a mut String,
    level: u32,
    max: u32,
    /// The section whose name is still to be written (on its first row).
    section: Option<usize>,
}

impl Printer<'_> {
    /// How deep sections nest below `n`.
    fn depth(&self, n: usize) -> u32 {
        self.items(n)
            .iter()
            .filter_map(|it| it.sub)
            .map(|s| 1 + self.depth(s))
            .max()
            .unwrap_or(0)
    }

    /// The items of `n` in 64tass's display order: by address; at one
    /// address runs by length and sections by length, each kind keeping
    /// its places. A flattened node holds only runs.
    fn items(&self, n: usize) -> Vec<Item> {
        let mut items = Vec::new();
        if self.flat[n] {
            self.runs(n, &mut items);
        } else {
            items.extend_from_slice(&self.tree.nodes[n].items);
        }
        items.sort_by_key(|it| it.addr);
        let mut i = 0;
        while i < items.len() {
            let j = i + items[i..]
                .iter()
                .take_while(|it| it.addr == items[i].addr)
                .count();
            for kind in [false, true] {
                let slots: Vec<usize> =
                    (i..j).filter(|&k| items[k].sub.is_some() == kind).collect();
                let mut same: Vec<Item> = slots.iter().map(|&k| items[k]).collect();
                same.sort_by_key(|it| it.len);
                for (k, it) in slots.into_iter().zip(same) {
                    items[k] = it;
                }
            }
            i = j;
        }
        items
    }

    fn runs(&self, n: usize, into: &mut Vec<Item>) {
        for it in &self.tree.nodes[n].items {
            match it.sub {
                Some(sub) => self.runs(sub, into),
                None if it.len > 0 => into.push(*it),
                None => {}
            }
        }
    }

    /// One row's columns: kind and size, range, size. `last` rows of the
    /// root end after the size; others are padded for the name column.
    fn row(&mut self, kind: &str, start: u32, size: u32, last: bool) {
        let from = format!("${start:04x}");
        let to = match size {
            0 => String::new(),
            _ => format!("-${:04x}", start.wrapping_add(size - 1)),
        };
        let hex = format!("${size:04x}");
        let _ = write!(
            self.out,
            "{kind}{size:>w$} {from:>7}{to:<8} ",
            w = 16 - kind.len()
        );
        match last {
            true => self.out.push_str(&hex),
            false => {
                let _ = write!(self.out, "{hex:<7} ");
            }
        }
    }

    /// Ends a row: the nesting bars, and the pending section's name, drawn
    /// with `.--` when more rows of it follow.
    fn tail(&mut self, more: bool) {
        let first = u32::from(self.section.is_some());
        for _ in first..self.level {
            self.out.push('|');
        }
        if let Some(s) = self.section.take() {
            self.out.push(if more { '.' } else { ' ' });
            for _ in self.level.max(first)..self.max {
                self.out.push(if more { '-' } else { ' ' });
            }
            self.name(s);
        }
        self.out.push('\n');
    }

    fn name(&mut self, n: usize) {
        let node = &self.tree.nodes[n];
        if let Some(p) = node.parent
            && p != self.top
            && self.tree.nodes[p].parent.is_some()
        {
            self.name(p);
            self.out.push('.');
        }
        self.out.push_str(&self.tree.nodes[n].name);
    }

    /// The section's own row, before its other rows.
    fn section_row(&mut self, more: bool) {
        if let Some(s) = self.section {
            let node = &self.tree.nodes[s];
            self.row("Section:", node.start, node.size, false);
            self.tail(more);
        }
    }

    /// The rows of node `n`; whether it holds any bytes.
    fn print(&mut self, n: usize) -> bool {
        let root = self.level == 0;
        let node = &self.tree.nodes[n];
        let (mut addr, end) = match root {
            true => (0, 0),
            false => (node.start, node.start.wrapping_add(node.size)),
        };
        let items = self.items(n);
        let mut data = false;
        let mut i = 0;
        while i < items.len() {
            let it = items[i];
            let start = it.addr;
            if start > addr && (data || !root) {
                self.section_row(true);
                self.row("Gap:", addr, start - addr, root);
                self.tail(true);
            }
            addr = addr.max(it.addr.wrapping_add(it.len));
            i += 1;
            if let Some(sub) = it.sub {
                self.section_row(true);
                self.level += 1;
                self.section = Some(sub);
                data |= self.print(sub);
                self.level -= 1;
                continue;
            }
            while let Some(it) = items.get(i)
                && it.sub.is_none()
                && it.addr <= addr
            {
                addr = addr.max(it.addr.wrapping_add(it.len));
                i += 1;
            }
            let more = i != items.len() || (end > addr && !root);
            if more {
                self.section_row(true);
            }
            let last = self.section.is_none() && root;
            self.row("Data:", start, addr - start, last);
            self.tail(more);
            data = true;
        }
        if end > addr && !root {
            self.row("Gap:", addr, end - addr, false);
            self.tail(false);
        }
        self.section_row(false);
        data
    }
}
